/** Spec section 8: the admin area's toasts, word for word, plus the few the spec leaves unnamed. */
export const ADMIN_TOASTS = {
  toolCreated: "Tool created successfully",
  toolUpdated: "Tool updated successfully",
  toolCreateFailed: (message: string) => `Failed to create tool: ${message}`,
  toolUpdateFailed: (message: string) => `Failed to update tool: ${message}`,
  toolDeleted: "Tool deleted successfully",
  toolDeleteFailed: (message: string) => `Failed to delete tool: ${message}`,
  articleCreated: "Article created successfully",
  articleUpdated: "Article updated successfully",
  articleCreateFailed: (message: string) => `Failed to create article: ${message}`,
  articleUpdateFailed: (message: string) => `Failed to update article: ${message}`,
  articleDeleted: "Article deleted successfully",
  articleDeleteFailed: (message: string) => `Failed to delete article: ${message}`,
  logoUploaded: "Logo uploaded successfully",
  logoUploadFailed: "Failed to upload logo",
  toolsLoadFailed: "Failed to load tools",
  tagCreated: "Tag created successfully",
  tagUpdated: "Tag updated successfully",
  tagDeleted: "Tag deleted successfully",
  tagCreateFailed: (message: string) => `Failed to create tag: ${message}`,
  tagUpdateFailed: (message: string) => `Failed to update tag: ${message}`,
  tagDeleteFailed: (message: string) => `Failed to delete tag: ${message}`,
} as const;

/** The message a failed form save carries in its toast when fields are invalid. */
export const INVALID_FIELDS_MESSAGE = "Please correct the highlighted fields";
