import type { ExternalToast } from "sonner";

/**
 * Toasts without sonner in a page's first download (decision 095): sonner (about 9 KB gzipped) is
 * imported with the first toast, and the toaster (components/toaster.tsx) mounts then. Sonner
 * hands a newly mounted toaster the toasts already shown, so none is lost while it loads.
 */
export const loadSonner = () => import("sonner");

let toasterRequested = false;
const listeners = new Set<() => void>();

/** Asks for the toaster to be mounted; the first call loads sonner. */
export function requestToaster() {
  if (toasterRequested) return;
  toasterRequested = true;
  for (const listener of listeners) listener();
}

export function subscribeToToasterRequest(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterRequested = () => toasterRequested;

function show(kind: "success" | "error", title: string, options?: ExternalToast) {
  requestToaster();
  void loadSonner().then((sonner) => sonner.toast[kind](title, options));
}

/** sonner's `toast.success` and `toast.error`, loading sonner on first use. */
export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
};
