import { expect, test } from "./fixtures";
import { photograph, toolsNewestFirst } from "./support";

// Readable feeds (issue 34, decision 184): a person who opens a feed in the browser reads a page,
// not raw XML: the feed's title and description, its address to copy into a reader, its entries
// linked. With E2E_SCREENSHOTS=1, light and dark screenshots are attached to the run's report.

const FEED_LENGTH = 50;

test("the tools feed opened in Chromium is a readable page with its address to copy", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  // What a feed reader gets: the same RSS, its title and description read from it.
  const xml = await (await request.get("/tools/rss.xml")).text();
  const channelText = (name: string) =>
    new RegExp(`<channel>[\\s\\S]*?<${name}>([^<]*)</${name}>`).exec(xml)![1]!.replaceAll("&apos;", "'");

  const response = await page.goto("/tools/rss.xml");
  expect(response?.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  await expect(page.getByRole("heading", { level: 1, name: channelText("title") })).toBeVisible();
  await expect(page).toHaveTitle(`${channelText("title")} (RSS feed)`);
  await expect(page.getByText(channelText("description"), { exact: true })).toBeVisible();

  await expect(page.getByText("Copy this address into your reader:")).toBeVisible();
  // An XHTML page: toHaveValue asks for an INPUT, and XML keeps the name lower case.
  await expect(page.getByRole("textbox", { name: "Feed address" })).toHaveJSProperty(
    "value",
    `${baseURL}/tools/rss.xml`,
  );
  await expect(page.getByRole("button", { name: "Copy address" })).toBeVisible();

  const entries = page.getByRole("list").getByRole("listitem");
  const shown = toolsNewestFirst.slice(0, FEED_LENGTH);
  await expect(entries).toHaveCount(shown.length);
  const newest = entries.first().getByRole("link", { name: shown[0]!.name, exact: true });
  await expect(newest).toHaveAttribute("href", `${baseURL}/tool/${shown[0]!.slug}`);

  // The first screen only: the whole list is 50 entries long, and costs seconds to draw.
  await photograph(page, testInfo, "tools-rss", { fullPage: false });
});
