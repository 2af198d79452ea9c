import { expect, test } from "./fixtures";
import { demoTool, expectSiteChrome, metaContent } from "./support";

// The compare pages on the demo catalogue, as a visitor reaches them from the home page.

const chatgpt = demoTool("chatgpt");
const midjourney = demoTool("midjourney");

test.describe("compare side by side", () => {
  test("the home page's comparison opens the full comparison of its two tools", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Popular AI Tools Compared" });
    await section.getByRole("link", { name: "Compare Midjourney with ChatGPT" }).click();

    await expect(page).toHaveURL("/compare/chatgpt-vs-midjourney");
    await expect(page).toHaveTitle("ChatGPT vs Midjourney: AI Tool Comparison");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ChatGPT vs Midjourney");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/compare\/chatgpt-vs-midjourney$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const table = page.getByRole("region", { name: "ChatGPT and Midjourney compared" }).getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["ChatGPT", "Midjourney"]);
    await expect(table.getByRole("columnheader").getByRole("link", { name: "ChatGPT" })).toHaveAttribute(
      "href",
      "/tool/chatgpt",
    );
    const rowHeaders = table.getByRole("rowheader");
    await expect(rowHeaders).toHaveText([
      /^What it does/,
      /^Category/,
      /^Rating/,
      /^Pricing/,
      /^Plans/,
      /^Free plan/,
      /^API/,
      /^Open source/,
      /^Self-hostable/,
      /^Platforms/,
      /^Trains on your data/,
      /^Certifications/,
      /^Features/,
      /^Pros/,
      /^Cons/,
      /^Tags/,
      /^Website/,
    ]);
    // A text writer and an image maker: they differ in category, and the row says so in words.
    const categoryRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Category/ }) });
    await expect(categoryRow.getByRole("rowheader")).toHaveText("CategoryDiffers");
    await expect(categoryRow.getByRole("cell")).toHaveText(["Writing", "Image"]);

    const ratingRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Rating/ }) });
    await expect(ratingRow.getByRole("cell")).toHaveText([
      /^(N\/A|\d\.\d)\(\d+ votes?\)$/,
      /^(N\/A|\d\.\d)\(\d+ votes?\)$/,
    ]);
    const pricingRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Pricing/ }) });
    await expect(pricingRow.getByRole("cell")).toHaveText([
      "Pricing: Freemium · $20/month",
      "Pricing: Paid · $10/month",
    ]);
    for (const feature of [chatgpt.features[0]!, midjourney.features[0]!]) {
      await expect(table.getByText(feature, { exact: true })).toBeVisible();
    }
    // The website link says where the visit came from (OUTBOUND_REF's default, decision 178).
    const website = new URL(chatgpt.website!);
    website.searchParams.set("ref", "aitlas");
    await expect(table.getByRole("link", { name: "Visit ChatGPT (opens in a new tab)" })).toHaveAttribute(
      "href",
      website.href,
    );
    await expectSiteChrome(page);
  });

  test("the other order and a two-tool list move to the canonical address", async ({ page }) => {
    await page.goto("/compare/midjourney-vs-chatgpt");
    await expect(page).toHaveURL("/compare/chatgpt-vs-midjourney");
    await page.goto("/compare?tools=Midjourney,ChatGPT");
    await expect(page).toHaveURL("/compare/chatgpt-vs-midjourney");
  });

  test("four tools are compared but not indexed", async ({ page }) => {
    await page.goto("/compare?tools=runway,claude,chatgpt,midjourney");
    await expect(page).toHaveTitle("ChatGPT vs Claude vs Midjourney vs Runway: AI Tool Comparison");
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveText([
      "ChatGPT",
      "Claude",
      "Midjourney",
      "Runway",
    ]);
    expect(await metaContent(page, "name", "robots")).toBe("noindex, follow");
  });

  test("an unknown tool in a pair address is the site's not-found page", async ({ page, openMissingPage }) => {
    await openMissingPage(page, "/compare/chatgpt-vs-no-such-tool");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparison not found");
  });

  test("on a phone, a pair fits in two columns without scrolling sideways (decision 168)", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/compare/chatgpt-vs-midjourney");
    const region = page.getByRole("region", { name: / compared$/ });
    await expect(region.getByRole("columnheader")).toHaveText(["ChatGPT", "Midjourney"]);
    const widths = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
    const table = await region.getByRole("table").boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(375);
  });

  test("on a phone, four tools do not scroll the page sideways; their table scrolls in its own region", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/compare?tools=chatgpt,claude,midjourney,runway");
    const region = page.getByRole("region", { name: / compared$/ });
    await expect(region.getByRole("table")).toBeVisible();
    const widths = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
    // The keyboard reaches the region and scrolls the table inside it.
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a list that cannot be compared, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("explains why (400), and its form compares the tools typed in", async ({ page, baseURL, browserErrors }) => {
      const path = "/compare?tools=chatgpt";
      const response = await page.goto(path);
      expect(response?.status()).toBe(400);
      // Chromium logs every 4xx document; this one is the status under test (see openMissingPage).
      const logLine = `console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) (${new URL(path, baseURL).toString()}:0)`;
      await expect.poll(() => browserErrors.includes(logLine)).toBe(true);
      browserErrors.splice(browserErrors.indexOf(logLine), 1);

      await expect(page.getByRole("alert")).toContainText("A comparison needs at least 2 different tools.");
      await page.getByLabel("Tools to compare").fill("Stable Diffusion, ChatGPT");
      await page.getByRole("button", { name: "Compare" }).click();
      await expect(page).toHaveURL("/compare/chatgpt-vs-stable-diffusion");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("ChatGPT vs Stable Diffusion");
    });
  });
}
