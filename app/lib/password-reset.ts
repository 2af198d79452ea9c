/** The "Forgot password?" pages' addresses and texts, shared by the pages and the server (decision 072). */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";

/** Said whether or not an account uses the address, so the page reveals nothing. */
export const RESET_REQUESTED_MESSAGE =
  "If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.";

export const RESET_LINK_INVALID = "This reset link is no longer valid.";
export const PASSWORD_CHANGED_MESSAGE = "Your password is changed. Sign in with your new password.";
