/**
 * A loader run on the first call only; later calls share its promise. For libraries that load on
 * first use instead of at start-up (decision 113), and for clients built from them.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
