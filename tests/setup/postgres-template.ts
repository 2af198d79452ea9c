export { setupPostgresTemplate as default } from "./database-templates";
