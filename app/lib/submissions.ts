import { z } from "zod";
import { isToolCategory } from "./categories";
import { isLinkableUrl, optionalTextSchema } from "./form-fields";
import {
  DECISION_REASON_MAX,
  SUBMISSION_NAME_MAX,
  SUBMISSION_NOTE_MAX,
  SUBMISSION_URL_MAX,
  type SubmissionDraftState,
  type SubmissionStatus,
} from "./members";
import type { ResearchFactDraft, ResearchSource } from "./research";
import type { ToolDraft } from "./research-apply";

/**
 * Tool submissions (issue 15, decision 078): the /submit form's schema, shared by the page and the
 * server, the domain rule the duplicate check compares, and the texts members and admins read.
 */

export const SUBMIT_PATH = "/submit";
export const MY_SUBMISSIONS_PATH = "/account/submissions";
export const INBOX_PATH = "/admin/inbox";

/**
 * The honeypot: a field people never see or reach (hidden, aria-hidden, out of the tab order,
 * autocomplete off) that form-filling bots tend to fill. Its name looks worth filling.
 */
export const HONEYPOT_FIELD = "website_confirm";

/** The create form opened from the inbox carries the submission it approves in this field (and query parameter). */
export const SUBMISSION_FIELD = "submission";

export const SUBMISSION_MESSAGES = {
  websiteRequired: "Website is required",
  websiteInvalid: "Enter the tool's website address, starting with http:// or https://",
  websiteTooLong: `Website must be at most ${SUBMISSION_URL_MAX.toLocaleString("en-US")} characters`,
  websitePrivate: "Enter the address of a public website: local and private network addresses can't be listed",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${SUBMISSION_NAME_MAX} characters`,
  categoryUnknown: 'Choose a category from the list, or "Not sure"',
  noteTooLong: `Note must be at most ${SUBMISSION_NOTE_MAX.toLocaleString("en-US")} characters`,
  alreadyListed: "This tool is already in the directory.",
  alreadySuggested: "This website was already suggested and is waiting for review.",
  unconfirmed: "Confirm your email address before suggesting a tool: open the link we emailed you.",
  signedOut: "Sign in to suggest a tool.",
  received: "Thanks! Your suggestion is waiting for review.",
  reasonRequired: "Give a reason: the member reads it in the email",
  reasonTooLong: `Reason must be at most ${DECISION_REASON_MAX.toLocaleString("en-US")} characters`,
  notPending: "This submission has already been decided.",
  notFound: "Submission not found",
} as const;

/** Characters no address contains: a URL parser would quietly drop or encode them. */
const SPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/** The http(s) URL in `value`, or null: anything else (javascript:, ftp:, a bare word) is not a website. */
export function websiteUrl(value: string): URL | null {
  if (SPACE_OR_CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
  return url;
}

/**
 * The website's domain as the duplicate check compares it: the host in lower case, without a
 * trailing dot or a leading "www.", ignoring scheme, port, path, query and user info. Null when
 * the value is not an http(s) address.
 */
export function normalizeDomain(value: string): string | null {
  const url = websiteUrl(value.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const domain = host.startsWith("www.") ? host.slice("www.".length) : host;
  return domain === "" ? null : domain;
}

/** Names that only mean something on the submitter's own machine or network. */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".test", ".invalid", ".example"];

/**
 * Whether a host name can only be local: "localhost", a single label ("intranet"), or a reserved
 * or local-only suffix. Address literals are judged by the server's address policy instead.
 */
export function isLocalHostName(domain: string): boolean {
  if (domain.startsWith("[") || /^[\d.]+$/.test(domain)) return false;
  if (domain === "localhost" || !domain.includes(".")) return true;
  return LOCAL_SUFFIXES.some((suffix) => domain.endsWith(suffix));
}

/** The /submit form, as posted (every field a string) and as stored. */
export const submissionSchema = z.object({
  website: z
    .string()
    .trim()
    .min(1, SUBMISSION_MESSAGES.websiteRequired)
    .max(SUBMISSION_URL_MAX, SUBMISSION_MESSAGES.websiteTooLong)
    // Written plainly too (no user info, quotes, angle brackets or backticks): the tool form it
    // opens refuses anything else (decision 151).
    .refine((value) => normalizeDomain(value) !== null && isLinkableUrl(value), SUBMISSION_MESSAGES.websiteInvalid),
  name: z
    .string()
    .trim()
    .min(1, SUBMISSION_MESSAGES.nameRequired)
    .max(SUBMISSION_NAME_MAX, SUBMISSION_MESSAGES.nameTooLong),
  // "" is "Not sure": the admin picks one when publishing.
  category: z
    .string()
    .trim()
    .refine((value) => value === "" || isToolCategory(value), SUBMISSION_MESSAGES.categoryUnknown)
    .transform((value) => (value === "" ? null : value)),
  note: optionalTextSchema(SUBMISSION_NOTE_MAX, SUBMISSION_MESSAGES.noteTooLong),
});

export type SubmissionInput = z.input<typeof submissionSchema>;
export type SubmissionData = z.output<typeof submissionSchema>;

export const SUBMISSION_FIELDS = [
  "website",
  "name",
  "category",
  "note",
] as const satisfies readonly (keyof SubmissionInput)[];

/** The form's fields as posted; a missing one reads as blank. */
export function submissionInputFrom(form: FormData): SubmissionInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { website: text("website"), name: text("name"), category: text("category"), note: text("note") };
}

/** An administrator's reason for a rejection: required, the member reads it. */
export const rejectionReasonSchema = z
  .string()
  .trim()
  .min(1, SUBMISSION_MESSAGES.reasonRequired)
  .max(DECISION_REASON_MAX, SUBMISSION_MESSAGES.reasonTooLong);

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: "Waiting for review",
  approved: "Published",
  rejected: "Not accepted",
};

export const DRAFT_STATE_LABELS: Record<SubmissionDraftState, string> = {
  off: "No AI draft (the research assistant is not configured)",
  queued: "AI draft being written",
  drafted: "AI draft ready",
  failed: "AI draft failed",
};

/** What the background job stores in tool_submissions.draft: the tool form's values, and the pages read. */
export type SubmissionDraft = ToolDraft & { sources: ResearchSource[] };

/**
 * The create form's starting values for a submission: the AI draft when there is one, else what the
 * member gave; `facts` are what a research queue draft cited (decision 165), a submission has none.
 */
export type ToolPrefill = Omit<ToolDraft, "proposedTags"> & { facts?: ResearchFactDraft[] };

export function toolPrefillFrom(
  submission: { name: string; website: string; category: string | null; draft: Partial<SubmissionDraft> | null },
  tagIds: ReadonlySet<string>,
): ToolPrefill {
  const draft = submission.draft ?? {};
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((row) => typeof row === "string") : []);
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    name: text(draft.name) || submission.name,
    // The member's choice wins over the research flow's "Other"; the admin can change either.
    category: submission.category ?? text(draft.category),
    description: text(draft.description),
    image: text(draft.image),
    website: submission.website,
    features: list(draft.features),
    pros: list(draft.pros),
    cons: list(draft.cons),
    pricing: draft.pricing && typeof draft.pricing === "object" ? draft.pricing : null,
    tagline: text(draft.tagline),
    pricingModel: draft.pricingModel ?? "",
    startingPrice: text(draft.startingPrice),
    // A tag deleted since the draft was written would make the save fail.
    tags: list(draft.tags).filter((id) => tagIds.has(id)),
  };
}
