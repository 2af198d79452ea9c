import { createAdminViaSetupLink, uniqueEmail } from "./accounts-support";
import { adminStatePath, saveAdminEmail } from "./admin-support";
import { test as setup } from "./fixtures";

// Runs before every other test (a project dependency in playwright.config.ts): the link works once
// per server, so the administrator it makes is shared through the saved browser state.
setup("the first administrator is made with the setup link the server printed", async ({ page }) => {
  const email = uniqueEmail("admin");
  await createAdminViaSetupLink(page, email);
  saveAdminEmail(email);
  await page.context().storageState({ path: adminStatePath() });
});
