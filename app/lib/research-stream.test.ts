import { describe, expect, it } from "vitest";
import { RESEARCH_MESSAGES, RESEARCH_STREAM_TYPE, type ResearchOutcome, type ResearchStep } from "./research";
import { readResearchResponse, researchRequestBody, type ResearchProgressEvent } from "./research-stream";

const steps: ResearchStep[] = [
  { id: "search-1", kind: "search", label: "Searching the web for “Notion AI pricing”" },
  { id: "search-2", kind: "search", label: "Searching the web for “Notion AI reviews”" },
  { id: "search-3", kind: "search", label: "Searching the web for “Notion AI alternatives”" },
  { id: "model", kind: "model", label: "Writing the entry with claude-test" },
];

const resultEvent: ResearchOutcome = {
  type: "result",
  result: {
    productInfo: {
      name: "Notion AI",
      description: "An assistant.",
      website: "https://www.notion.so",
      features: ["Q&A"],
      pricing: { free: "", pro: "$10", enterprise: "" },
    },
    marketResearch: { competitors: ["Coda"], uniqueSellingPoints: ["Built in"], targetAudience: "Teams" },
  },
  sources: [{ title: "Pricing", url: "https://www.notion.so/pricing" }],
  usage: { inputTokens: 1234, outputTokens: 567 },
  model: "claude-test",
};

describe("researchRequestBody", () => {
  it("sends the tool's id only to update", () => {
    expect(researchRequestBody({ mode: "create", subject: "Notion AI", toolId: "ignored" }).toString()).toBe(
      "mode=create&subject=Notion+AI",
    );
    expect(researchRequestBody({ mode: "update", subject: "Notion", toolId: "abc" }).toString()).toBe(
      "mode=update&subject=Notion&toolId=abc",
    );
  });
});

describe("readResearchResponse", () => {
  const encoder = new TextEncoder();

  function streamed(chunks: (string | Uint8Array)[], init: ResponseInit = {}) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { "Content-Type": RESEARCH_STREAM_TYPE }, ...init });
  }

  async function read(response: Response) {
    const progress: ResearchProgressEvent[] = [];
    const ending = await readResearchResponse(response, (event) => progress.push(event));
    return { progress, ending };
  }

  it("parses events split anywhere across chunks, multi-byte characters included, and returns the result", async () => {
    const text = [
      JSON.stringify({ type: "plan", steps }),
      JSON.stringify({ type: "step", id: "search-1", status: "running" }),
      JSON.stringify(resultEvent),
      "",
    ].join("\n");
    const bytes = encoder.encode(text);
    // Cut inside the first “ (three bytes in UTF-8) and at a few other arbitrary places.
    const quote = bytes.indexOf(0xe2);
    const cuts = [5, quote + 1, quote + 2, 200, 201, bytes.length - 3];
    const chunks = cuts
      .map((cut, index) => bytes.slice(index === 0 ? 0 : cuts[index - 1], cut))
      .concat(bytes.slice(cuts.at(-1)));

    const { progress, ending } = await read(streamed(chunks));
    expect(progress).toEqual([
      { type: "plan", steps },
      { type: "step", id: "search-1", status: "running" },
    ]);
    expect(ending).toEqual(resultEvent);
  });

  it("reads a last line that has no newline", async () => {
    const { ending } = await read(
      streamed([`${JSON.stringify({ type: "error", message: "Invalid response format from AI" })}`]),
    );
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.invalidResponse });
  });

  it("stops at the ending and reads nothing after it", async () => {
    const { progress, ending } = await read(
      streamed([
        `${JSON.stringify({ type: "error", message: "first" })}\n${JSON.stringify({ type: "plan", steps })}\n${JSON.stringify(resultEvent)}\n`,
      ]),
    );
    expect(ending).toEqual({ type: "error", message: "first" });
    expect(progress).toEqual([]);
  });

  it("ends with the fallback message when the stream stops before its ending", async () => {
    const { progress, ending } = await read(
      streamed([`${JSON.stringify({ type: "plan", steps })}\n{"type":"step","id":"sea`]),
    );
    expect(progress).toHaveLength(1);
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
  });

  it("ends with the fallback message on a line that is not an event", async () => {
    const { ending } = await read(streamed(["<html>oops</html>\n", `${JSON.stringify(resultEvent)}\n`]));
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
  });

  it("does not read a 200 that is not the event stream (a sign-in page, say)", async () => {
    const { progress, ending } = await read(
      new Response(`${JSON.stringify({ type: "plan", steps })}\n${JSON.stringify(resultEvent)}\n`, {
        headers: { "Content-Type": "text/html" },
      }),
    );
    expect(progress).toEqual([]);
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
  });

  it.each([400, 404, 429, 503])("shows a %i refusal's own message", async (status) => {
    const { ending } = await read(
      Response.json({ ok: false, formError: `Refused with ${status}`, code: "bad-request" }, { status }),
    );
    expect(ending).toEqual({ type: "error", message: `Refused with ${status}` });
  });

  it("shows a guard's 403 refusal's own message", async () => {
    const { ending } = await read(
      Response.json({ error: "Administrator access required", code: "forbidden" }, { status: 403 }),
    );
    expect(ending).toEqual({ type: "error", message: "Administrator access required" });
  });

  it("falls back when a refusal is not the expected JSON", async () => {
    expect((await read(new Response("<h1>Bad gateway</h1>", { status: 502 }))).ending).toEqual({
      type: "error",
      message: RESEARCH_MESSAGES.fallback,
    });
    expect((await read(Response.json({ message: "no error field" }, { status: 400 }))).ending).toEqual({
      type: "error",
      message: RESEARCH_MESSAGES.fallback,
    });
  });

  it("rejects when the request is aborted mid-stream, so the caller can stay silent", async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(encoder.encode(`${JSON.stringify({ type: "plan", steps })}\n`));
        controller.signal.addEventListener("abort", () => stream.error(controller.signal.reason));
      },
    });
    const response = new Response(body, { headers: { "Content-Type": RESEARCH_STREAM_TYPE } });
    const reading = readResearchResponse(response, () => controller.abort());
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
  });
});
