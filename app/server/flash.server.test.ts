import { describe, expect, it } from "vitest";
import { flashCookie, readFlashValue, takeFlash, setFlashSecret } from "./flash.server";

const valueOf = (setCookie: string) => setCookie.split(";")[0]!.slice("aitlas_flash=".length);
const pageWith = (value: string) =>
  new Request("https://aitlas.example/", { headers: { cookie: `aitlas_flash=${value}` } });

describe("the flash cookie", () => {
  it("carries a message to the next page, once", () => {
    setFlashSecret("one-secret-for-every-process");
    const value = valueOf(flashCookie({ kind: "success", title: "Saved", description: "All good." }));
    const taken = takeFlash(pageWith(value));
    expect(taken.flash).toEqual({ kind: "success", title: "Saved", description: "All good." });
    expect(taken.clear).toMatch(/^aitlas_flash=;.*Max-Age=0/);
  });

  it("is read by another process that shares the secret, and by no one else", () => {
    setFlashSecret("one-secret-for-every-process");
    const value = valueOf(flashCookie({ kind: "error", title: "Failed" }));
    setFlashSecret("another-install");
    expect(readFlashValue(value)).toBeNull();
    setFlashSecret("one-secret-for-every-process");
    expect(readFlashValue(value)).toEqual({ kind: "error", title: "Failed" });
  });

  it("refuses a forged or unsigned message, and clears it", () => {
    setFlashSecret("one-secret-for-every-process");
    const forged = Buffer.from(JSON.stringify({ kind: "success", title: "Call this number" })).toString("base64url");
    const signature = valueOf(flashCookie({ kind: "success", title: "Saved" })).split(".")[1]!;
    for (const value of [forged, `${forged}.${signature}`, `${forged}.`, "bm90LWpzb24"]) {
      const taken = takeFlash(pageWith(value));
      expect(taken.flash, value).toBeNull();
      expect(taken.clear).toMatch(/Max-Age=0/);
    }
  });
});
