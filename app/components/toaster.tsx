import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from "react";
import { isToasterRequested, loadSonner, requestToaster, subscribeToToasterRequest } from "~/lib/toast";

const SonnerToaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/**
 * sonner's toaster, mounted once a toast is asked for (lib/toast.ts). `eager` mounts it at once,
 * for pages whose code calls sonner directly (the admin area).
 */
export function Toaster({ eager = false, ...props }: ComponentProps<typeof SonnerToaster> & { eager?: boolean }) {
  const requested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, () => false);
  useEffect(() => {
    if (eager) requestToaster();
  }, [eager]);
  return requested ? (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  ) : null;
}
