import { expectToast, fromClientAddress, signedInAsNewAccount, uniqueEmail, usernameOf } from "./accounts-support";
import { adminEmail } from "./admin-support";
import { expect, test } from "./fixtures";
import { demoTool } from "./support";
import { GENERATED_NAME, GENERATED_NAME_IN_TEXT } from "../setup/public-names";

// Issue 37, decision 147: a member who comments before choosing a name shows under a generated
// one, and no public surface (the tool page, /changes and its feed, the tool feeds, the API, MCP,
// the Markdown twin, llms.txt, the member's page) carries any part of their address, nor the
// administrator's (whose changes /changes names). The account is made over HTTP; the comment is
// posted in the browser, as a member would.

// Synthesia: no other spec opens it, and a comment changes none of the lists other specs check.
const TOOL = demoTool("synthesia");
test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.25") });

test("a member who comments before choosing a name shows no part of their address anywhere public", async ({
  page,
  baseURL,
  playwright,
}) => {
  const email = uniqueEmail("maria.ux");
  const content = `A word from a member without a chosen name ${Date.now()}`;
  await signedInAsNewAccount(page, baseURL, email);

  await page.goto(`/tool/${TOOL.slug}`);
  const comments = page.getByRole("region", { name: "Comments" });
  await comments.getByLabel("Add a comment").fill(content);
  await comments.getByRole("button", { name: "Post Comment", exact: true }).click();
  await expectToast(page, "Comment posted", "Your comment has been posted successfully!");
  const mine = comments.getByRole("listitem").filter({ hasText: content });
  await expect(mine).toContainText(GENERATED_NAME_IN_TEXT);
  await expect(mine).not.toContainText(usernameOf(email));
  const name = (await mine.getByRole("link").first().textContent())!.trim();
  expect(name).toMatch(GENERATED_NAME);

  // What anyone else reads: a context without the member's session.
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: fromClientAddress("203.0.113.25") });
  try {
    const forbidden = [email, usernameOf(email), adminEmail(), usernameOf(adminEmail())];
    const read = async (path: string, init?: { data: unknown }) => {
      const response = init
        ? await visitor.post(path, {
            data: init.data,
            headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
          })
        : await visitor.get(path);
      expect(response.status(), path).toBe(200);
      return response.text();
    };
    const mcp = (name: string, args: Record<string, unknown>) =>
      read("/mcp", { data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } } });

    const surfaces: Record<string, string> = {};
    for (const path of [
      `/tool/${TOOL.slug}`,
      `/tool/${TOOL.slug}.md`,
      `/u/${encodeURIComponent(name)}`,
      "/changes",
      "/changes/rss.xml",
      "/tools/rss.xml",
      "/tools/feed.json",
      `/api/v1/tools/${TOOL.slug}`,
      "/api/v1/tools",
      "/llms.txt",
    ]) {
      surfaces[path] = await read(path);
    }
    surfaces["MCP get_tool"] = await mcp("get_tool", { slug: TOOL.slug });
    surfaces["MCP recent_changes"] = await mcp("recent_changes", {});

    expect(surfaces[`/tool/${TOOL.slug}`]).toContain(name);
    expect(surfaces[`/u/${encodeURIComponent(name)}`]).toContain(content);
    const leaks = Object.entries(surfaces).flatMap(([surface, text]) =>
      forbidden.filter((part) => text.toLowerCase().includes(part.toLowerCase())).map((part) => `${surface}: ${part}`),
    );
    expect(leaks).toEqual([]);
  } finally {
    await visitor.dispose();
  }
});
