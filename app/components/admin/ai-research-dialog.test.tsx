import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Dialog } from "~/components/ui/dialog";
import { RESEARCH_LIMITS, RESEARCH_MESSAGES, RESEARCH_STREAM_TYPE, type ResearchEvent, type ResearchStep } from "~/lib/research";
import {
  AiResearchDialog,
  failedRun,
  IDLE_RUN,
  progressedRun,
  progressPercent,
  readResearchResponse,
  researchRequestBody,
  ResearchDialogBody,
  runStatus,
  type ResearchDialogBodyProps,
  type ResearchProgressEvent,
  type ResearchRun,
} from "./ai-research-dialog";
import { RESEARCH_NOTES, ResearchSummary } from "./research-summary";

// The markup the server sends for the dialog, and the protocol code behind it, checked without a
// browser: the dialog's body is rendered inside an open Dialog root (its frame is portalled, so a
// closed dialog sends only the trigger).

const configured = { configured: true, model: "anthropic:claude-test" } as const;
const noop = () => undefined;

const steps: ResearchStep[] = [
  { id: "search-1", kind: "search", label: "Searching the web for “Notion AI pricing”" },
  { id: "search-2", kind: "search", label: "Searching the web for “Notion AI reviews”" },
  { id: "search-3", kind: "search", label: "Searching the web for “Notion AI alternatives”" },
  { id: "model", kind: "model", label: "Writing the entry with claude-test" },
];

const resultEvent: Extract<ResearchEvent, { type: "result" }> = {
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

function renderBody(props: Partial<ResearchDialogBodyProps> = {}) {
  return renderToString(
    <Dialog open>
      <ResearchDialogBody
        mode="create"
        availability={configured}
        subject=""
        onSubjectChange={noop}
        run={IDLE_RUN}
        onSubmit={noop}
        {...props}
      />
    </Dialog>,
  );
}

function runThrough(events: ResearchProgressEvent[], start: ResearchRun = { ...IDLE_RUN, busy: true }): ResearchRun {
  return events.reduce(progressedRun, start);
}

const buttonNamed = (html: string, name: string) =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].find((match) => match[1]!.replace(/<[^>]+>/g, "").trim() === name)?.[0] ?? "";

describe("AiResearchDialog's trigger", () => {
  it.each([
    ["create", "Create with AI"],
    ["update", "Update with AI"],
  ] as const)("in %s mode is a button named %j that opens a dialog, and nothing else is sent", (mode, name) => {
    const html = renderToString(
      <AiResearchDialog mode={mode} toolId={mode === "update" ? "6f1c2a9e-0000-4000-8000-000000000000" : null} defaultSubject="Notion" availability={configured} onApply={noop} />,
    );
    const button = buttonNamed(html, name);
    expect(button).toMatch(/type="button"/);
    expect(button).toMatch(/aria-haspopup="dialog"/);
    expect(button).toMatch(/aria-expanded="false"/);
    expect(button).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).not.toContain("with AI</h2>");
    expect(html).not.toContain("<textarea");
  });
});

describe("the dialog when research is not configured", () => {
  it("says so, names each variable to set as code, and offers only a way out", () => {
    const html = renderBody({
      availability: { configured: false, missing: ["BRAVE_API_KEY", "ANTHROPIC_API_KEY (or AI_BASE_URL and AI_MODEL for an OpenAI-compatible model)"] },
    });
    expect(html).toMatch(/<h2[^>]*>Create New Tool with AI<\/h2>/);
    expect(html).toContain(RESEARCH_MESSAGES.notConfigured);
    for (const name of ["BRAVE_API_KEY", "ANTHROPIC_API_KEY", "AI_BASE_URL", "AI_MODEL"]) {
      expect(html).toMatch(new RegExp(`<code[^>]*>${name}</code>`));
    }
    expect(html).not.toMatch(/<code[^>]*>OpenAI/);
    expect(html).toContain("then restart the server.");
    expect(html).not.toContain("<textarea");
    expect(html).not.toContain('type="submit"');
    expect(buttonNamed(html, "Close")).not.toBe("");
  });
});

describe("the dialog, configured and idle", () => {
  it("has the spec's title, a description, and a labelled text area prefilled with the subject", () => {
    const html = renderBody({ subject: "Notion AI" });
    expect(html).toMatch(/<h2[^>]*>Create New Tool with AI<\/h2>/);
    expect(html).toContain("Nothing is saved until you press Save.");
    const textarea = /<textarea[^>]*>[^<]*<\/textarea>/.exec(html)?.[0] ?? "";
    const id = /id="([^"]+)"/.exec(textarea)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(textarea).toContain(`maxLength="${RESEARCH_LIMITS.subject}"`);
    expect(textarea).toContain('placeholder="e.g. Notion AI, or https://www.notion.so/product/ai"');
    expect(textarea).toMatch(/>Notion AI<\/textarea>/);
    expect(textarea).not.toContain("readOnly");
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain('role="alert"');
    expect(html).toContain('aria-live="polite"');
  });

  it("has Cancel and Create buttons; Create is off while the text is blank", () => {
    expect(buttonNamed(renderBody({ subject: "  \n " }), "Create")).toMatch(/type="submit"[^>]*disabled=""/);
    const ready = renderBody({ subject: "Notion AI" });
    expect(buttonNamed(ready, "Create")).toContain('type="submit"');
    expect(buttonNamed(ready, "Create")).not.toMatch(/\s(aria-)?disabled=/);
    expect(buttonNamed(ready, "Cancel")).toContain('type="button"');
  });

  it("uses the update wording in update mode", () => {
    const html = renderBody({ mode: "update", subject: "Notion" });
    expect(html).toMatch(/<h2[^>]*>Update Tool with AI<\/h2>/);
    expect(html).toContain("latest updates, new features and pricing changes");
    expect(buttonNamed(html, "Update")).toContain('type="submit"');
    expect(buttonNamed(html, "Create")).toBe("");
  });
});

describe("the dialog while research runs", () => {
  const busy = runThrough([
    { type: "plan", steps },
    { type: "step", id: "search-1", status: "running" },
    {
      type: "step",
      id: "search-1",
      status: "done",
      detail: "8 results",
      sources: [
        { title: "Notion AI pricing", url: "https://www.notion.so/pricing" },
        { title: "A review", url: "https://reviews.example.org/notion-ai" },
        { title: "Smuggled", url: "javascript:alert(1)" },
      ],
    },
    { type: "step", id: "search-2", status: "running" },
  ]);

  it("keeps the text but read-only, and the submit button marked disabled with a spinner and its name", () => {
    const html = renderBody({ subject: "Notion AI", run: busy });
    expect(/<textarea[^>]*>/.exec(html)?.[0]).toContain("readOnly");
    const submit = buttonNamed(html, "Create");
    expect(submit).toContain('aria-disabled="true"');
    expect(submit).toMatch(/<svg[^>]*animate-spin[^>]*aria-hidden="true"/);
    expect(submit).not.toMatch(/\sdisabled=/);
  });

  it("shows a labelled progress bar counting the running step as half", () => {
    const html = renderBody({ subject: "Notion AI", run: busy });
    const bar = /<div[^>]*role="progressbar"[^>]*>/.exec(html)?.[0] ?? "";
    expect(bar).toContain('aria-label="Research progress"');
    expect(bar).toContain('aria-valuemin="0"');
    expect(bar).toContain('aria-valuemax="100"');
    expect(bar).toContain('aria-valuenow="38"');
  });

  it("lists the steps with their state in words, and a done step's detail", () => {
    const html = renderBody({ subject: "Notion AI", run: busy });
    const list = /<ol[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
    const items = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ""));
    expect(items).toEqual([
      "Searching the web for “Notion AI pricing” (done)8 results",
      "Searching the web for “Notion AI reviews” (in progress)",
      "Searching the web for “Notion AI alternatives” (waiting)",
      "Writing the entry with claude-test (waiting)",
    ]);
    expect(html.replace(/<!-- -->/g, "")).toMatch(/<p aria-live="polite"[^>]*>1 of 4 steps done. Now searching the web...<\/p>/);
    // Each label is said once: the live region gives the count, so finding a step by its text finds one element.
    const text = html.replace(/<[^>]+>/g, "\n");
    expect(text.split("Searching the web for “Notion AI reviews”")).toHaveLength(2);
  });

  it("links each http(s) source in a new tab with its site, and never a script address", () => {
    const html = renderBody({ subject: "Notion AI", run: busy });
    const links = [...html.matchAll(/<a [^>]*>[\s\S]*?<\/a>/g)].map((match) => match[0]);
    expect(links).toHaveLength(2);
    expect(links[0]).toContain('href="https://www.notion.so/pricing"');
    expect(links[0]).toContain('target="_blank"');
    expect(links[0]).toContain('rel="noopener noreferrer"');
    expect(links[0]).toContain("notion.so<");
    expect(links[1]).toContain("reviews.example.org");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("Smuggled");
  });
});

describe("the dialog after a failed run", () => {
  it("shows the message as an alert tied to the text area, the step where it stopped, and can be retried", () => {
    const failed = failedRun(runThrough([{ type: "plan", steps }, { type: "step", id: "search-1", status: "running" }]), "The AI model did not answer in time.");
    const html = renderBody({ subject: "Notion AI", run: failed });
    const alert = /<p id="([^"]+)" role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(alert?.[2]).toBe("The AI model did not answer in time.");
    expect(/<textarea[^>]*>/.exec(html)?.[0]).toContain(alert?.[1]);
    expect(html.replace(/<!-- -->/g, "")).toContain('<span class="sr-only"> (failed)</span>');
    expect(/<textarea[^>]*>/.exec(html)?.[0]).not.toContain("readOnly");
    expect(buttonNamed(html, "Create")).not.toMatch(/\s(aria-)?disabled=/);
  });

  it("shows a refusal without a step list when the run never started", () => {
    const html = renderBody({ subject: "Notion AI", run: failedRun({ ...IDLE_RUN, busy: true }, "Too many research runs") });
    expect(html).toMatch(/role="alert"[^>]*>Too many research runs</);
    expect(html).not.toContain('role="progressbar"');
  });
});

describe("a run's state", () => {
  it("starts every planned step as waiting and marks steps as events arrive", () => {
    const run = runThrough([
      { type: "plan", steps },
      { type: "step", id: "search-1", status: "running" },
      { type: "step", id: "search-1", status: "done", detail: "3 results" },
      { type: "step", id: "model", status: "running" },
    ]);
    expect(run.steps.map((step) => [step.id, step.status, step.detail])).toEqual([
      ["search-1", "done", "3 results"],
      ["search-2", "pending", null],
      ["search-3", "pending", null],
      ["model", "running", null],
    ]);
    expect(progressPercent(run.steps)).toBe(38);
    expect(runStatus(run)).toBe("1 of 4 steps done. Now writing the entry...");
  });

  it("keeps sources without repeats, in arrival order", () => {
    const run = runThrough([
      { type: "plan", steps },
      { type: "step", id: "search-1", status: "done", detail: "2", sources: [{ title: "A", url: "https://a.example" }, { title: "B", url: "https://b.example" }] },
      { type: "step", id: "search-2", status: "done", detail: "2", sources: [{ title: "B again", url: "https://b.example" }, { title: "C", url: "https://c.example" }] },
    ]);
    expect(run.sources.map((source) => source.title)).toEqual(["A", "B", "C"]);
  });

  it("reports 0 before a plan and 100 when every step is done", () => {
    expect(progressPercent([])).toBe(0);
    const done = runThrough([{ type: "plan", steps }, ...steps.map((step) => ({ type: "step" as const, id: step.id, status: "done" as const, detail: "ok" }))]);
    expect(progressPercent(done.steps)).toBe(100);
    expect(runStatus(done)).toBe("4 of 4 steps done. Finishing the draft...");
    expect(runStatus({ ...IDLE_RUN, busy: true })).toBe("Starting the research...");
    expect(runStatus(IDLE_RUN)).toBe("");
  });

  it("on failure is idle again with the message, the running step failed and the done ones kept", () => {
    const failed = failedRun(
      runThrough([
        { type: "plan", steps },
        { type: "step", id: "search-1", status: "done", detail: "1 result" },
        { type: "step", id: "search-2", status: "running" },
      ]),
      "boom",
    );
    expect(failed.busy).toBe(false);
    expect(failed.error).toBe("boom");
    expect(failed.steps.map((step) => step.status)).toEqual(["done", "failed", "pending", "pending"]);
  });
});

describe("researchRequestBody", () => {
  it("sends the tool's id only to update", () => {
    expect(researchRequestBody({ mode: "create", subject: "Notion AI", toolId: "ignored" }).toString()).toBe("mode=create&subject=Notion+AI");
    expect(researchRequestBody({ mode: "update", subject: "Notion", toolId: "abc" }).toString()).toBe("mode=update&subject=Notion&toolId=abc");
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
    const chunks = cuts.map((cut, index) => bytes.slice(index === 0 ? 0 : cuts[index - 1], cut)).concat(bytes.slice(cuts.at(-1)));

    const { progress, ending } = await read(streamed(chunks));
    expect(progress).toEqual([
      { type: "plan", steps },
      { type: "step", id: "search-1", status: "running" },
    ]);
    expect(ending).toEqual(resultEvent);
  });

  it("reads a last line that has no newline", async () => {
    const { ending } = await read(streamed([`${JSON.stringify({ type: "error", message: "Invalid response format from AI" })}`]));
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.invalidResponse });
  });

  it("stops at the ending and reads nothing after it", async () => {
    const { progress, ending } = await read(
      streamed([`${JSON.stringify({ type: "error", message: "first" })}\n${JSON.stringify({ type: "plan", steps })}\n${JSON.stringify(resultEvent)}\n`]),
    );
    expect(ending).toEqual({ type: "error", message: "first" });
    expect(progress).toEqual([]);
  });

  it("ends with the fallback message when the stream stops before its ending", async () => {
    const { progress, ending } = await read(streamed([`${JSON.stringify({ type: "plan", steps })}\n{"type":"step","id":"sea`]));
    expect(progress).toHaveLength(1);
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
  });

  it("ends with the fallback message on a line that is not an event", async () => {
    const { ending } = await read(streamed(["<html>oops</html>\n", `${JSON.stringify(resultEvent)}\n`]));
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
  });

  it("does not read a 200 that is not the event stream (a sign-in page, say)", async () => {
    const { progress, ending } = await read(
      new Response(`${JSON.stringify({ type: "plan", steps })}\n${JSON.stringify(resultEvent)}\n`, { headers: { "Content-Type": "text/html" } }),
    );
    expect(progress).toEqual([]);
    expect(ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
  });

  it.each([400, 403, 404, 429, 503])("shows a %i refusal's own message", async (status) => {
    const { ending } = await read(Response.json({ error: `Refused with ${status}` }, { status }));
    expect(ending).toEqual({ type: "error", message: `Refused with ${status}` });
  });

  it("falls back when a refusal is not the expected JSON", async () => {
    expect((await read(new Response("<h1>Bad gateway</h1>", { status: 502 }))).ending).toEqual({ type: "error", message: RESEARCH_MESSAGES.fallback });
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

describe("ResearchSummary", () => {
  it("names the model, the tokens spent, the sources as links and the market research", () => {
    const html = renderToString(
      <ResearchSummary
        mode="update"
        onDismiss={noop}
        outcome={{
          ...resultEvent,
          sources: [...resultEvent.sources, { title: "Pricing (again)", url: "https://www.notion.so/pricing" }, { title: "Review", url: "https://reviews.example.org/a" }],
          usage: { inputTokens: 12345, outputTokens: 6789 },
        }}
      />,
    );
    const heading = /<h2 id="([^"]+)"[^>]*>[\s\S]*?AI research<\/h2>/.exec(html);
    expect(heading).not.toBeNull();
    expect(html).toMatch(new RegExp(`<section aria-labelledby="${heading?.[1]}"`));
    expect(html).toContain("claude-test");
    expect(html.replace(/<!-- -->/g, "")).toContain("12,345 tokens in / 6,789 out");
    const links = [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/target="_blank" rel="noopener noreferrer"/);
    expect(html).toMatch(/<dt[^>]*>Competitors<\/dt><dd[^>]*>Coda<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Target audience<\/dt><dd[^>]*>Teams<\/dd>/);
    expect(html).toContain(RESEARCH_NOTES.notSaved);
    expect(html).not.toContain(RESEARCH_NOTES.noSources);
    expect(html).not.toContain(RESEARCH_NOTES.logoFromWebsite);
    expect(html).toMatch(/<button[^>]*aria-label="Dismiss the AI research summary"/);
  });

  it("warns when no web page backed the draft, and for a new tool explains the Logo URL", () => {
    const html = renderToString(<ResearchSummary mode="create" onDismiss={noop} outcome={{ ...resultEvent, sources: [] }} />);
    expect(html).toContain("No web results were found: the draft relies on the model alone. Check every fact before saving.");
    expect(html).toContain(RESEARCH_NOTES.logoFromWebsite);
    expect(html).not.toContain("<a ");
  });
});
