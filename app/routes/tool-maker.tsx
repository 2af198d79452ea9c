import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/tool-maker";
import { FactsField } from "~/components/admin/facts-field";
import { FormField } from "~/components/admin/form-field";
import { PlanRowsTable } from "~/components/admin/plan-rows-table";
import { MakerBadge } from "~/components/maker-badge";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { formatCount } from "~/lib/format";
import { FIGURE_WEEKS, MAKER_MESSAGES, makerPath, type WeekFigures } from "~/lib/makers";
import { PRICING_MODEL_LABELS, PRICING_MODELS } from "~/lib/pricing-model";
import { pricingInputOf } from "~/lib/refresh-proposals";
import { TOOL_FACTS } from "~/lib/tool-facts";
import { factFormInput, type FactsFormInput } from "~/lib/tool-facts-form";
import { descriptionText, TOOL_FIELDS, TOOL_FORM_LIMITS } from "~/lib/tool-form";
import { personalPageMeta } from "~/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import { readToolFacts } from "~/server/catalog/tool-facts.server";
import { findToolByIdentifier } from "~/server/catalog/tools.server";
import { TOOL_NOT_FOUND_MESSAGE } from "~/server/community/votes.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { readWeeklyFigures } from "~/server/makers/maker-figures.server";
import { makerEditsFrom, proposeMakerEdits } from "~/server/makers/maker-proposals.server";
import { isVerifiedMaker } from "~/server/makers/verified-makers.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

// /tool/{slug}/maker (issue 33, decisions 176 and 177): for the listing's verified makers and the
// administrators, the listing's own figures per week; for the makers, a form proposing edits that
// wait in /admin/proposals like the AI refresh's, marked as theirs, until an administrator decides.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const found = await findToolByIdentifier({ db: context.db, identifier: params.id });
  if (!found) throw toErrorResponse(new AppError("not-found", TOOL_NOT_FOUND_MESSAGE));
  const { tool, canonical } = found;
  if (!canonical) throw redirect(makerPath(tool.slug), 301);
  const isMaker = await isVerifiedMaker({ db: context.db, toolId: tool.id, userId: viewer.id });
  if (!isMaker && !viewer.isAdmin) throw toErrorResponse(new AppError("forbidden", MAKER_MESSAGES.notMaker));
  // This process's views and clicks since the last batch go in first, so today's row is current here
  // (another process's follow within its 30-second flush, decision 178).
  await context.toolCounters.flush();
  const [figures, facts] = await Promise.all([
    readWeeklyFigures({ db: context.db, toolId: tool.id }),
    readToolFacts({ db: context.db, toolId: tool.id }),
  ]);
  const pricing = pricingInputOf(tool.pricing);
  return {
    tool: { name: tool.name, slug: tool.slug },
    isMaker,
    figures,
    listing: {
      tagline: tool.tagline ?? "",
      description: descriptionText(tool.description),
      features: tool.features.join("\n"),
      pros: tool.pros.join("\n"),
      pricingModel: tool.pricingModel ?? "",
      image: tool.image ?? "",
      pricing: pricing.shape === "none" ? ({ shape: "plans", plans: [] } as const) : pricing,
      facts: Object.fromEntries(TOOL_FACTS.map((name) => [name, factFormInput(facts[name])])) as FactsFormInput,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  personalPageMeta(matches, {
    title: `${loaderData?.tool.name ?? "Your listing"}: the maker's view`,
    description: "The listing's figures, and edits its maker proposes.",
    path: location.pathname,
  });

/** A verified maker proposes edits: checked by the tool form's rules, stored as a pending proposal. */
export const action = defineAction({
  guard: "user",
  rateLimit: ({ viewer }) => ({ rule: RATE_LIMITS.makerProposal, subject: viewer.id }),
  formError: (message) => `Failed to propose edits: ${message}`,
  async run({ params, context, viewer, form }) {
    const found = await findToolByIdentifier({ db: context.db, identifier: params.id ?? "" });
    if (!found) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    await proposeMakerEdits({ db: context.db, toolId: found.tool.id, makerId: viewer.id, edits: makerEditsFrom(form) });
    return redirect(makerPath(found.tool.slug), {
      headers: { "Set-Cookie": flashCookie({ kind: "success", title: MAKER_MESSAGES.proposed }) },
    });
  },
});

const weekFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export default function ToolMaker({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, isMaker, figures } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <p className="text-sm">
        <Link
          to={`/tool/${encodeURIComponent(tool.slug)}`}
          className="text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Back to {tool.name}
        </Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight">
        {tool.name}
        {isMaker && <MakerBadge />}
      </h1>
      <Figures weeks={figures} />
      {isMaker && <ProposeEdits listing={loaderData.listing} failure={actionData as ActionResult | undefined} />}
    </div>
  );
}

const FIGURE_COLUMNS = [
  ["views", "Page views"],
  ["clicks", "Website clicks"],
  ["saves", "Saves"],
  ["votes", "Votes"],
] as const;

/** The table is the figures; the bars beside the views and clicks only help the eye (hidden from screen readers). */
function Figures({ weeks }: { weeks: WeekFigures[] }) {
  const peak = Math.max(1, ...weeks.map((week) => Math.max(week.views, week.clicks)));
  const totals = Object.fromEntries(
    FIGURE_COLUMNS.map(([key]) => [key, weeks.reduce((sum, week) => sum + week[key], 0)]),
  ) as Record<(typeof FIGURE_COLUMNS)[number][0], number>;
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="text-xl font-semibold">
        The last {FIGURE_WEEKS} weeks
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Counted per day without recording anyone; weeks start on Monday (UTC). Votes are first ratings.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Page views, website clicks, saves and votes per week</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-800">
              <th scope="col" className="py-2 pr-4 font-medium">
                Week of
              </th>
              {FIGURE_COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" className="py-2 pr-4 text-right font-medium">
                  {label}
                </th>
              ))}
              <th scope="col" className="w-1/3 py-2">
                <span className="sr-only">Views and clicks as bars</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week} className="border-b border-slate-100 dark:border-slate-900">
                <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                  <time dateTime={week.week}>{weekFormat.format(new Date(`${week.week}T00:00:00Z`))}</time>
                </th>
                {FIGURE_COLUMNS.map(([key]) => (
                  <td key={key} className="py-1.5 pr-4 text-right tabular-nums">
                    {formatCount(week[key])}
                  </td>
                ))}
                <td className="py-1.5" aria-hidden="true">
                  <div className="h-2 rounded bg-indigo-500" style={{ width: `${(week.views / peak) * 100}%` }} />
                  <div
                    className="mt-0.5 h-2 rounded bg-emerald-500"
                    style={{ width: `${(week.clicks / peak) * 100}%` }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-2 pr-4 text-left font-semibold">
                Total
              </th>
              {FIGURE_COLUMNS.map(([key]) => (
                <td key={key} className="py-2 pr-4 text-right font-semibold tabular-nums">
                  {formatCount(totals[key])}
                </td>
              ))}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

type Listing = Route.ComponentProps["loaderData"]["listing"];

function ProposeEdits({ listing, failure }: { listing: Listing; failure: ActionResult | undefined }) {
  const busy = useNavigation().state !== "idle";
  const [facts, setFacts] = useState(listing.facts);
  const errors = (failure?.fieldErrors ?? {}) as Record<string, string | undefined>;
  const rows =
    listing.pricing.shape === "simple"
      ? listing.pricing.entries.map((entry) => ({ ...entry, details: "", features: "" }))
      : listing.pricing.plans;
  const plansShape = listing.pricing.shape !== "simple";
  // Two blank rows add a plan without JavaScript; blank rows are dropped.
  const shown = [...rows, ...Array.from({ length: 2 }, () => ({ plan: "", price: "", details: "", features: "" }))];
  return (
    <section aria-labelledby="propose-heading" className="space-y-4">
      <h2 id="propose-heading" className="text-xl font-semibold">
        Propose edits to your listing
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Change what is out of date and cite the page that shows it. An administrator reviews every change before it
        appears; accepted changes show in the listing&apos;s public history with your source.
      </p>
      {failure && !failure.ok && failure.formError && (
        <Alert variant="destructive">
          <AlertDescription>{failure.formError}</AlertDescription>
        </Alert>
      )}
      <Form method="post" className="space-y-5">
        <FormField id="maker-tagline" label="Tagline" error={errors.tagline}>
          {(control) => (
            <Input {...control} name="tagline" maxLength={TOOL_FORM_LIMITS.tagline} defaultValue={listing.tagline} />
          )}
        </FormField>
        <FormField
          id="maker-description"
          label="Description"
          hint="Plain text; a blank line starts a paragraph."
          error={errors.description}
        >
          {(control) => <Textarea {...control} name="description" rows={6} defaultValue={listing.description} />}
        </FormField>
        <FormField id="maker-features" label="Features" hint="One per line." error={errors.features}>
          {(control) => <Textarea {...control} name="features" rows={5} defaultValue={listing.features} />}
        </FormField>
        <FormField id="maker-pros" label="Pros" hint="One per line." error={errors.pros}>
          {(control) => <Textarea {...control} name="pros" rows={4} defaultValue={listing.pros} />}
        </FormField>
        <FormField id="maker-pricing-model" label="Pricing model" error={errors.pricingModel}>
          {(control) => (
            <Select {...control} name="pricingModel" defaultValue={listing.pricingModel}>
              <option value="">Choose…</option>
              {PRICING_MODELS.map((model) => (
                <option key={model} value={model}>
                  {PRICING_MODEL_LABELS[model]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Plans</legend>
          <input type="hidden" name={TOOL_FIELDS.pricingShape} value={plansShape ? "plans" : "simple"} />
          <PlanRowsTable rows={shown} withDetails={plansShape} />
          {Object.entries(errors)
            .filter(([key]) => key.startsWith("pricing"))
            .map(([key, message]) => (
              <p key={key} className="text-sm font-medium text-red-700 dark:text-red-400">
                {message}
              </p>
            ))}
        </fieldset>
        {/* Text, not url: a stored logo is often this site's own /uploads/ path, which type=url would refuse. */}
        <FormField id="maker-image" label="Logo (address of an image)" error={errors.image}>
          {(control) => <Input {...control} name="image" inputMode="url" defaultValue={listing.image} />}
        </FormField>
        <FactsField value={facts} onChange={setFacts} errors={errors} />
        <FormField
          id="maker-source"
          label="Source"
          hint="The page that shows these changes (your pricing or product page)."
          error={errors.sourceUrl}
        >
          {(control) => <Input {...control} name="sourceUrl" type="url" required placeholder="https://" />}
        </FormField>
        <Button type="submit" disabled={busy}>
          Propose edits
        </Button>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary
      error={error}
      texts={{
        404: { title: "Tool not found", message: "The tool you are looking for is not in the directory." },
        403: { title: "Not your listing", message: MAKER_MESSAGES.notMaker },
      }}
    />
  );
}
