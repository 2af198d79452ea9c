/** What the browser learns about the signed-in user: enough for the header and the forms. */
export type PublicViewer = {
  email: string;
  username: string | null;
  /** The public name the member chose, or null: the menu then shows the username. */
  displayName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
};
