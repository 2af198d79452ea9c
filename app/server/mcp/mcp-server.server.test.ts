import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { createCatalogueMcpServer } from "./mcp-server.server";

// What a client learns when it connects; no tool is called, so no database is needed.
async function connect() {
  const server = createCatalogueMcpServer({ db: {} as Database, siteUrl: "https://aitlas.example" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, close: () => Promise.all([client.close(), server.close()]) };
}

describe("the catalogue's MCP server", () => {
  it("does not promise list-changed notifications it never sends", async () => {
    const { client, close } = await connect();
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
    await close();
  });

  it("says in each listing tool's description how much one call may ask for (decision 148)", async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    const description = (name: string) => tools.find((tool) => tool.name === name)?.description ?? "";
    expect(description("search_tools")).toContain("at most 25 tools a page");
    expect(description("compare_tools")).toContain("at most 4 in one call");
    expect(description("list_alternatives")).toContain("at most 24 in one call");
    expect(description("recent_changes")).toContain("At most 50 changes in one call");
    expect(description("list_categories")).toContain("at most 300 tags");
    expect(description("get_tool")).toContain("cut at 4000 characters");
    await close();
  });
});
