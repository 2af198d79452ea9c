export { setupPgliteTemplate as default } from "./database-templates";
