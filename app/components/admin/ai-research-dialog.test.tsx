import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Dialog } from "~/components/ui/dialog";
import { RESEARCH_LIMITS, RESEARCH_MESSAGES, type ResearchEvent, type ResearchStep } from "~/lib/research";
import { failedRun, IDLE_RUN, progressedRun, type ResearchRun } from "~/lib/research-run";
import type { ResearchProgressEvent } from "~/lib/research-stream";
import { AiResearchDialog, ResearchDialogBody, type ResearchDialogBodyProps } from "./ai-research-dialog";
import { RESEARCH_NOTES, ResearchSummary } from "./research-summary";

// The markup the server sends for the dialog, checked without a browser: the dialog's body is rendered inside an open Dialog root (its frame is portalled, so a
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
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].find(
    (match) => match[1]!.replace(/<[^>]+>/g, "").trim() === name,
  )?.[0] ?? "";

describe("AiResearchDialog's trigger", () => {
  it.each([
    ["create", "Create with AI"],
    ["update", "Update with AI"],
  ] as const)("in %s mode is a button named %j that opens a dialog, and nothing else is sent", (mode, name) => {
    const html = renderToString(
      <AiResearchDialog
        mode={mode}
        toolId={mode === "update" ? "6f1c2a9e-0000-4000-8000-000000000000" : null}
        defaultSubject="Notion"
        availability={configured}
        onApply={noop}
      />,
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
      availability: {
        configured: false,
        missing: [
          { name: "BRAVE_API_KEY", purpose: "searching the web" },
          {
            name: "ANTHROPIC_API_KEY",
            purpose: "writing the entry",
            instead: { names: ["AI_BASE_URL", "AI_MODEL"], purpose: "an OpenAI-compatible model" },
          },
        ],
      },
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

  it("draws the settings from the data it is given: each name as code, what it is for on hover, in the same sentence", () => {
    const html = renderBody({
      availability: {
        configured: false,
        missing: [
          { name: "SEARCHKEY", purpose: "searching the web" },
          { name: "MODEL_URL", purpose: "the model", instead: { names: ["OTHER"], purpose: "a local model" } },
          { name: "THIRD", purpose: "a third thing" },
        ],
      },
    });
    const text = html.replace(/<[^>]+>/g, "").replace(/&#x27;|&apos;/g, "'");
    expect(text).toContain(
      "To turn it on, set SEARCHKEY, MODEL_URL (or OTHER for a local model) and THIRD in the server's environment, then restart the server.",
    );
    expect(html).toMatch(/<code[^>]*title="searching the web"[^>]*>SEARCHKEY<\/code>/);
    expect(html).toMatch(/<code[^>]*title="the model"[^>]*>MODEL_URL<\/code>/);
    expect(html).toMatch(/<code[^>]*title="a local model"[^>]*>OTHER<\/code>/);
    expect(html).toMatch(/<code[^>]*>THIRD<\/code>/);
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
    expect(html.replace(/<!-- -->/g, "")).toMatch(
      /<p aria-live="polite"[^>]*>1 of 4 steps done. Now searching the web...<\/p>/,
    );
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
    const failed = failedRun(
      runThrough([
        { type: "plan", steps },
        { type: "step", id: "search-1", status: "running" },
      ]),
      "The AI model did not answer in time.",
    );
    const html = renderBody({ subject: "Notion AI", run: failed });
    const alert = /<p id="([^"]+)" role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(alert?.[2]).toBe("The AI model did not answer in time.");
    expect(/<textarea[^>]*>/.exec(html)?.[0]).toContain(alert?.[1]);
    expect(html.replace(/<!-- -->/g, "")).toContain('<span class="sr-only"> (failed)</span>');
    expect(/<textarea[^>]*>/.exec(html)?.[0]).not.toContain("readOnly");
    expect(buttonNamed(html, "Create")).not.toMatch(/\s(aria-)?disabled=/);
  });

  it("shows a refusal without a step list when the run never started", () => {
    const html = renderBody({
      subject: "Notion AI",
      run: failedRun({ ...IDLE_RUN, busy: true }, "Too many research runs"),
    });
    expect(html).toMatch(/role="alert"[^>]*>Too many research runs</);
    expect(html).not.toContain('role="progressbar"');
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
          sources: [
            ...resultEvent.sources,
            { title: "Pricing (again)", url: "https://www.notion.so/pricing" },
            { title: "Review", url: "https://reviews.example.org/a" },
          ],
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

  it("lists the drafted facts, each with the page it cites", () => {
    const html = renderToString(
      <ResearchSummary
        mode="update"
        onDismiss={noop}
        outcome={{
          ...resultEvent,
          result: {
            ...resultEvent.result,
            facts: [
              {
                fact: "free_plan",
                value: "yes",
                items: [],
                detail: "Personal use",
                sourceUrl: "https://www.notion.so/pricing",
              },
            ],
          },
        }}
      />,
    ).replace(/<!-- -->/g, "");
    expect(html).toMatch(/Free plan:<\/span> Yes \(Personal use\)<a href="https:\/\/www.notion.so\/pricing"/);
  });

  it("warns when no web page backed the draft, and for a new tool explains the Logo URL", () => {
    const html = renderToString(
      <ResearchSummary mode="create" onDismiss={noop} outcome={{ ...resultEvent, sources: [] }} />,
    );
    expect(html).toContain(
      "No web results were found: the draft relies on the model alone. Check every fact before saving.",
    );
    expect(html).toContain(RESEARCH_NOTES.logoFromWebsite);
    expect(html).not.toContain("<a ");
  });
});
