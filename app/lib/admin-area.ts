/**
 * The admin layout's route id. While it is matched the root draws no public header or footer: the
 * admin area has its own chrome (decision 104). Here rather than beside that chrome so the root,
 * which every public page loads, does not bring the admin's chrome and icons with it (decision 186).
 */
export const ADMIN_LAYOUT_ROUTE_ID = "routes/admin/layout";
