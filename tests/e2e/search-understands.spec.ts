import { signInButton } from "./accounts-support";
import { expect, test } from "./fixtures";
import { toolCardNames } from "./support";

// Issue 31 in the browser (decisions 155 and 160): suggestions while typing, what the search read
// shown as removable chips, and a search that finds nothing offering words and pages. Demo catalogue.

test("the home search suggests tools while typing, used with the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await expect(signInButton(page)).toBeVisible();
  const box = page.getByRole("combobox", { name: "Search AI tools" });
  await box.focus();
  await page.keyboard.type("midj");

  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
  const first = list.getByRole("option").first();
  await expect(first).toContainText("Midjourney");
  await expect(
    page.locator("[aria-live=polite]").filter({ hasText: /^\d+ suggestions?, Up and Down to choose$/ }),
  ).toHaveCount(1);

  await page.keyboard.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/tool/midjourney");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Midjourney");
});

test("Escape closes the suggestions, then clears the box; Tab leaves it", async ({ page }) => {
  // Any page but home has the header's box (home has its own in the hero).
  await page.goto("/about");
  await expect(signInButton(page)).toBeVisible();
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search all AI tools" });
  await box.focus();
  await page.keyboard.type("clau");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option", { name: /Claude/ })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("clau");
  await page.keyboard.press("Escape");
  await expect(box).toHaveValue("");

  // Without a highlighted suggestion, Enter searches the words.
  await page.keyboard.type("voice");
  await expect(list).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(box).not.toBeFocused();
  await expect(list).toBeHidden();
  await page.keyboard.press("Shift+Tab");
  await expect(box).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/?q=voice");
});

test("a named filter shows as a chip; removing it keeps the words and drops the filter", async ({ page }) => {
  await page.goto("/?q=free+image+generator");
  const understood = page.getByRole("list", { name: "Understood from your search" });
  const chip = understood.getByRole("link", { name: "Search without Free" });
  await expect(chip).toHaveText("Free");
  const grid = page.getByRole("region", { name: /matching “free image generator”/ });
  await expect(toolCardNames(grid).first()).toBeVisible();
  // Midjourney has no free plan: the filter keeps it out.
  await expect(toolCardNames(grid).filter({ hasText: "Midjourney" })).toHaveCount(0);

  await chip.click();
  await expect(page).toHaveURL("/?q=image+generator");
  await expect(understood).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Search AI tools" })).toHaveValue("image generator");
  await expect(
    toolCardNames(page.getByRole("region", { name: /matching “image generator”/ })).filter({ hasText: "Midjourney" }),
  ).toHaveCount(1);
});

test("a search that finds nothing offers close words, tags and categories as links", async ({ page }) => {
  // "videoo" reads as video, which no finance tool is about.
  await page.goto("/?category=Finance&q=videoo");
  await expect(page.getByText("No tools found matching your criteria.")).toBeVisible();
  const didYouMean = page.getByText(/^Did you mean/);
  const video = didYouMean.getByRole("link", { name: "video", exact: true });
  await expect(video).toHaveAttribute("href", /[?&]q=video(&|$)/);
  await expect(video).toHaveAttribute("href", /[?&]category=Finance(&|$)/);
  const browse = page.getByText(/^Browse /);
  await expect(browse.getByRole("link", { name: "Video", exact: true })).toHaveAttribute("href", "/category/Video");
  await expect(browse.getByRole("link", { name: "Video generation" })).toHaveAttribute("href", "/tag/video-generation");
});
