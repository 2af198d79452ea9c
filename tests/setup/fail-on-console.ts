import { afterEach, beforeEach, vi } from "vitest";

/** A test that logs a console error or warning fails: the log is a symptom someone ignored. */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`console.${level}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (logged.length > 0) throw new Error(`The test logged to the console:\n${logged.join("\n")}`);
});
