import { useEffect } from "react";
import { useBlocker, useNavigation } from "react-router";

/** Asked before unsaved edits are thrown away by a move to another page. */
export const UNSAVED_EDITS_QUESTION = "You have unsaved changes. Leave this page and discard them?";

/**
 * Warns before a form with unsaved edits is left: a move inside the app (a link, Cancel, Back) asks
 * with the browser's own confirm dialog, which every screen reader and keyboard already knows; a
 * tab closed or reloaded gets the browser's "Leave site?" prompt (its text is the browser's).
 *
 * Never while the form itself posts (Save, Delete: same address), nor on the redirect a successful
 * save answers with, so saving never asks.
 */
export function useUnsavedEditsWarning(dirty: boolean) {
  const navigation = useNavigation();
  const active = dirty && navigation.state === "idle";

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_EDITS_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions still need returnValue set to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
