import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/tool-claim";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { claimPath, MAKER_MESSAGES, MAKER_NOTE_MAX, makerPath, verifyFilePath, verifyMetaName } from "~/lib/makers";
import { claimRequestSchema } from "~/lib/makers-schema";
import { personalPageMeta } from "~/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import { memberTag, toolTag } from "~/server/cache/page-tags.server";
import { findToolByIdentifier } from "~/server/catalog/tools.server";
import { TOOL_NOT_FOUND_MESSAGE } from "~/server/community/votes.server";
import { flashCookie } from "~/server/flash.server";
import { defineIntents, memberIntent } from "~/server/http/action-pipeline.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { checkClaim, findClaim, noteClaim, siteVerifySlug, startClaim } from "~/server/makers/maker-claims.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

// /tool/{slug}/claim (issue 33, decision 176): a signed-in member claims a listing. They serve the
// token this page gives at /.well-known/{site}-verify.txt or in a meta tag on the tool's home page,
// and ask for a check (read through the outbound guard); or they leave a note, and the claim waits
// in the administrators' inbox. Every step is a plain form post.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const found = await findToolByIdentifier({ db: context.db, identifier: params.id });
  if (!found) throw toErrorResponse(new AppError("not-found", TOOL_NOT_FOUND_MESSAGE));
  const { tool, canonical } = found;
  if (!canonical) throw redirect(claimPath(tool.slug), 301);
  const claim = await findClaim({ db: context.db, toolId: tool.id, userId: viewer.id });
  const slug = siteVerifySlug();
  return {
    tool: { name: tool.name, slug: tool.slug, website: tool.website },
    claim: claim && {
      token: claim.token,
      verified: claim.status === "verified",
      note: claim.note,
      lastFailure: claim.lastFailure,
    },
    filePath: verifyFilePath(slug),
    metaName: verifyMetaName(slug),
  };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  personalPageMeta(matches, {
    title: `Claim ${loaderData?.tool.name ?? "a listing"}`,
    description: "Prove you make this tool, to keep its listing true.",
    path: location.pathname,
  });

async function claimedTool(context: Route.ActionArgs["context"], identifier: string | undefined) {
  const found = await findToolByIdentifier({ db: context.db, identifier: identifier ?? "" });
  if (!found) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
  return found.tool;
}

const backTo = (path: string, title: string) =>
  redirect(path, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });

/** Starting a claim and checking the site are requests to another site: both count against one limit per member. */
const checkLimit = ({ viewer }: { viewer: { id: string } }) => ({ rule: RATE_LIMITS.makerCheck, subject: viewer.id });

export const action = defineIntents({
  guard: "user",
  formId: (form) => String(form.get("intent") ?? ""),
  intents: {
    start: memberIntent({
      rateLimit: checkLimit,
      async run({ params, context, viewer }) {
        const tool = await claimedTool(context, params.id);
        await startClaim({ db: context.db, toolId: tool.id, userId: viewer.id });
        return backTo(claimPath(tool.slug), MAKER_MESSAGES.claimStarted);
      },
    }),
    check: memberIntent({
      rateLimit: checkLimit,
      failure: "Could not check the website. Please try again.",
      async run({ params, context, viewer, purge }): Promise<ActionResult | Response> {
        const tool = await claimedTool(context, params.id);
        const outcome = await checkClaim({ db: context.db, toolId: tool.id, userId: viewer.id });
        if (!outcome.verified) throw new AppError("bad-request", outcome.reason);
        // The listing and the maker's comments now carry the badge.
        purge([toolTag(tool.id), memberTag(viewer.id)]);
        return backTo(makerPath(tool.slug), MAKER_MESSAGES.verified);
      },
    }),
    request: memberIntent({
      schema: claimRequestSchema,
      fields: ["note"],
      rateLimit: checkLimit,
      async run({ params, context, viewer, input }) {
        const tool = await claimedTool(context, params.id);
        await noteClaim({ db: context.db, toolId: tool.id, userId: viewer.id, note: input.note });
        return backTo(claimPath(tool.slug), MAKER_MESSAGES.requested);
      },
    }),
  },
});

const code = "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm dark:bg-slate-800";

export default function ToolClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, claim, filePath, metaName } = loaderData;
  const failure = actionData as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const origin = tool.website ? safeOrigin(tool.website) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <p className="text-sm">
        <Link
          to={`/tool/${encodeURIComponent(tool.slug)}`}
          className="text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Back to {tool.name}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight">Claim {tool.name}</h1>
      <p className="text-slate-700 dark:text-slate-300">
        The maker of a listed tool can propose corrections to its listing, sees its page views, website clicks, saves
        and votes, and gets a Maker badge on the listing and on their comments. Makers cannot vote on or review their
        own tool.
      </p>
      {failure && !failure.ok && failure.formError && (
        <Alert variant="destructive">
          <AlertDescription>{failure.formError}</AlertDescription>
        </Alert>
      )}

      {claim?.verified ? (
        <Alert>
          <AlertDescription>
            {MAKER_MESSAGES.alreadyVerified}{" "}
            <Link
              to={makerPath(tool.slug)}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              See your listing&apos;s figures and propose edits
            </Link>
          </AlertDescription>
        </Alert>
      ) : !claim ? (
        <Form method="post">
          <Button type="submit" name="intent" value="start" disabled={busy}>
            Start my claim
          </Button>
        </Form>
      ) : (
        <>
          <section aria-labelledby="prove-heading" className="space-y-3">
            <h2 id="prove-heading" className="text-xl font-semibold">
              Prove you control the website
            </h2>
            <p>
              Your token:{" "}
              <code className={code} data-testid="claim-token">
                {claim.token}
              </code>
            </p>
            <p>Do one of these on {origin ?? "the tool's website"}, then check:</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                Serve a text file at <code className={code}>{origin ? `${origin}${filePath}` : filePath}</code> holding
                the token.
              </li>
              <li>
                Or put <code className={code}>{`<meta name="${metaName}" content="${claim.token}">`}</code> in the head
                of the home page.
              </li>
            </ul>
            {claim.lastFailure && (
              <p className="text-sm text-slate-600 dark:text-slate-400">Last check: {claim.lastFailure}</p>
            )}
            <Form method="post">
              <Button type="submit" name="intent" value="check" disabled={busy || !tool.website}>
                Check my website
              </Button>
            </Form>
          </section>
          <section aria-labelledby="ask-heading" className="space-y-3">
            <h2 id="ask-heading" className="text-xl font-semibold">
              Or ask an administrator
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Your claim waits in the administrators&apos; inbox. Tell them how to confirm you make {tool.name} (your
              role, a contact on the tool&apos;s own site).
            </p>
            <Form method="post" className="space-y-2">
              <Label htmlFor="claim-note">Note to the administrators</Label>
              <Textarea
                id="claim-note"
                name="note"
                rows={3}
                maxLength={MAKER_NOTE_MAX}
                defaultValue={claim.note ?? ""}
              />
              <Button type="submit" name="intent" value="request" variant="outline" disabled={busy}>
                Send to the administrators
              </Button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}

function safeOrigin(website: string): string | null {
  try {
    return new URL(website).origin;
  } catch {
    return null;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary
      error={error}
      texts={{ 404: { title: "Tool not found", message: "The tool you are looking for is not in the directory." } }}
    />
  );
}
