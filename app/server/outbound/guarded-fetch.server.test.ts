import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeWebsites, type FakeWebsites } from "../../../tests/fakes/websites";
import {
  createOutboundClient,
  guardedFetch,
  guardedRequest,
  OutboundAddressRefused,
  OutboundTooManyRedirects,
  refusedRange,
  type OutboundClient,
} from "./guarded-fetch.server";

describe("refusedRange", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["127.9.9.9", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["192.0.2.10", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["64:ff9b::7f00:1", "embedded loopback"],
    ["2002:0a00:0001::1", "embedded private"],
    ["::7f00:1", "ipv4Compatible"],
    ["not an address", "invalid"],
  ])("refuses %s (%s)", (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  test.each(["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:1.1.1.1", "64:ff9b::101:101"])(
    "allows the public address %s",
    (address) => {
      expect(refusedRange(address)).toBeNull();
    },
  );
});

describe("guardedRequest", () => {
  let sites: FakeWebsites;
  /** Only the one loopback address the fake listens on is allowed: any other is refused. */
  let loopbackOnly: OutboundClient;
  let strict: OutboundClient;
  let open: OutboundClient;

  beforeAll(async () => {
    sites = await startFakeWebsites({
      sites: { "ok.test": "ok", "to-private.test": "to-private", "loop.test": "loop", "moved.test": "moved" },
    });
    loopbackOnly = createOutboundClient({
      allowPrivate: false,
      allowAddress: (address) => address === "127.0.0.1",
      resolve: sites.resolve,
    });
    strict = createOutboundClient({ allowPrivate: false, resolve: sites.resolve });
    open = createOutboundClient({ allowPrivate: true, resolve: sites.resolve });
  });
  afterAll(async () => {
    await Promise.all([loopbackOnly.close(), strict.close(), open.close()]);
    await sites.close();
  });

  async function refusal(url: string, client: OutboundClient): Promise<OutboundAddressRefused> {
    const error = await guardedRequest(url, { client }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OutboundAddressRefused);
    return error as OutboundAddressRefused;
  }

  test("refuses address literals of loopback, private, link-local and mapped ranges without connecting", async () => {
    const before = [...sites.requests.values()].reduce((sum, count) => sum + count, 0);
    for (const url of [
      `http://127.0.0.1:${sites.port}/`,
      `http://[::1]:${sites.port}/`,
      `http://[::ffff:127.0.0.1]:${sites.port}/`,
      `http://2130706433:${sites.port}/`, // 127.0.0.1 written as one number
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/",
    ]) {
      const error = await refusal(url, strict);
      expect(error.message).toMatch(/reserved address/);
    }
    expect([...sites.requests.values()].reduce((sum, count) => sum + count, 0)).toBe(before);
  });

  test("refuses a host name that resolves to loopback, checked when connecting", async () => {
    const error = await refusal(sites.url("ok.test"), strict);
    expect(error).toMatchObject({ host: "ok.test", addresses: ["127.0.0.1"] });
    expect(sites.requests.get("ok.test")).toBeUndefined();
  });

  test("by default (OUTBOUND_ALLOW_PRIVATE unset) refuses private addresses", async () => {
    const configured = createOutboundClient({ resolve: sites.resolve });
    try {
      expect(configured.policy.allowPrivate).toBe(false);
      await refusal(sites.url("ok.test"), configured);
    } finally {
      await configured.close();
    }
  });

  test("refuses localhost through the system resolver", async () => {
    const system = createOutboundClient({ allowPrivate: false });
    try {
      const error = await refusal(`http://localhost:${sites.port}/`, system);
      expect(error.message).toMatch(/localhost resolves only to reserved addresses/);
    } finally {
      await system.close();
    }
  });

  test("checks every redirect: a hop to a private address is refused after an allowed first hop", async () => {
    const error = await refusal(sites.url("to-private.test"), loopbackOnly);
    expect(error).toMatchObject({ host: "127.0.0.2" });
    expect(sites.requests.get("to-private.test")).toBe(1);
  });

  test("connects only to the allowed addresses of a mixed DNS answer", async () => {
    const mixed = createOutboundClient({
      allowPrivate: false,
      allowAddress: (address) => address === "127.0.0.1",
      resolve: async () => [
        { address: "127.0.0.2", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    try {
      const answer = await guardedRequest(sites.url("ok.test"), { client: mixed });
      await answer.body.dump();
      expect(answer.status).toBe(200);
    } finally {
      await mixed.close();
    }
  });

  test("refuses other schemes", async () => {
    await refusal("file:///etc/passwd", open);
    await refusal("ftp://ok.test/", open);
  });

  test("with private addresses allowed, follows redirects and names the final address and an honest User-Agent", async () => {
    const answer = await guardedRequest(sites.url("moved.test"), { client: open });
    expect(await answer.body.text()).toContain("elsewhere.test");
    expect(answer).toMatchObject({ status: 200, url: sites.url("elsewhere.test"), redirects: 1 });
    expect(sites.userAgents.get("elsewhere.test")).toMatch(/^Aitlas\/1\.0 \(\+https?:\/\/\S+\)$/);
  });

  test("stops a redirect loop after five hops", async () => {
    const before = sites.requests.get("loop.test") ?? 0;
    await expect(guardedRequest(sites.url("loop.test"), { client: open })).rejects.toBeInstanceOf(
      OutboundTooManyRedirects,
    );
    expect((sites.requests.get("loop.test") ?? 0) - before).toBe(6);
  });

  test("guardedFetch answers a Fetch Response with the final address", async () => {
    const response = await guardedFetch(sites.url("moved.test"), { client: open });
    expect(response.status).toBe(200);
    expect(response.url).toBe(sites.url("elsewhere.test"));
    expect(await response.text()).toContain("An AI tool that answers.");
  });
});
