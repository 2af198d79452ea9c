import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tool-alternatives";
import { AdminListEmpty } from "~/components/admin/admin-list";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ALTERNATIVES_LIMIT, alternativesPath } from "~/lib/alternatives";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAlternatives, listExcludedAlternatives, setOverride } from "~/server/catalog/alternatives.server";
import { findToolByIdentifier } from "~/server/catalog/tools.server";
import { flashCookie } from "~/server/flash.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { toolTag } from "~/server/cache/page-tags.server";
import { adminPageMeta } from "~/lib/seo";

// /admin/tools/{id}/alternatives: the computed list as visitors see it, with a pin to put a tool
// first and an exclusion to keep one out (decision 061).

const TOOL_NOT_FOUND = "Tool not found";
const INTENTS = { pin: "pin", exclude: "exclude", clear: "none" } as const;

async function toolOrNotFound(context: Route.LoaderArgs["context"], id: string | undefined) {
  const found = id && isUuid(id) ? await findToolByIdentifier({ db: context.db, identifier: id }) : null;
  if (!found) throw toErrorResponse(new AppError("not-found", TOOL_NOT_FOUND));
  return found.tool;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const tool = await toolOrNotFound(context, params.id);
  const [alternatives, excluded] = await Promise.all([
    listAlternatives({
      db: context.db,
      source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
      limit: ALTERNATIVES_LIMIT,
    }),
    listExcludedAlternatives({ db: context.db, toolId: tool.id }),
  ]);
  return { tool: { id: tool.id, name: tool.name, slug: tool.slug }, alternatives, excluded };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  adminPageMeta(matches, location, `Alternatives to ${loaderData?.tool.name ?? "a tool"}`);

export const action = defineAction({
  guard: "admin",
  schema: z.object({
    intent: z.enum(Object.keys(INTENTS) as (keyof typeof INTENTS)[], "Unknown action"),
    // A button names the tool by id; the pin form by what the administrator typed.
    alternative: z.string().trim().min(1, "Name the tool to pin"),
  }),
  fields: ["intent", "alternative"],
  invalid: (fieldErrors) => fieldErrors.intent ?? fieldErrors.alternative!,
  async run({ context, params, input, purge }) {
    const tool = await toolOrNotFound(context, params.id);
    const alternative = await findToolByIdentifier({ db: context.db, identifier: input.alternative });
    if (!alternative) throw new AppError("not-found", `No tool is named “${input.alternative}”`);
    await setOverride({
      db: context.db,
      toolId: tool.id,
      alternativeId: alternative.tool.id,
      kind: INTENTS[input.intent],
    });
    // The tool's own page and its alternatives page show the pins.
    purge([toolTag(tool.id)]);
    return redirect(`/admin/tools/${tool.id}/alternatives`, {
      headers: { "Set-Cookie": flashCookie({ kind: "success", title: "Alternatives updated" }) },
    });
  },
});

function OverrideButton({ intent, alternativeId, label }: { intent: string; alternativeId: string; label: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="alternative" value={alternativeId} />
      <Button type="submit" variant="outline" size="sm" aria-label={label}>
        {label.split(" ")[0]}
      </Button>
    </Form>
  );
}

export default function AdminToolAlternatives({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, alternatives, excluded } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Alternatives to {tool.name}</h1>
        <p className="text-slate-600 dark:text-slate-400">
          Computed from the category and tags, weighted by rating. Pin a tool to put it first; exclude one to keep it
          out.{" "}
          <Link
            to={`/admin/tools/${tool.id}`}
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Edit {tool.name}
          </Link>{" "}
          ·{" "}
          <Link
            to={alternativesPath(tool.slug)}
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            See the public page
          </Link>
        </p>
      </div>

      {actionData?.formError && (
        <Alert variant="destructive">
          <AlertDescription>{actionData.formError}</AlertDescription>
        </Alert>
      )}

      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="pin" />
        <div className="space-y-1">
          <label htmlFor="pin-alternative" className="text-sm font-medium">
            Tool to pin (name, address or id)
          </label>
          <Input id="pin-alternative" name="alternative" required maxLength={200} className="w-72" />
        </div>
        <Button type="submit">Pin</Button>
      </Form>

      <section aria-labelledby="current-heading" className="space-y-3">
        <h2 id="current-heading" className="text-xl font-semibold">
          As visitors see them
        </h2>
        {alternatives.length === 0 ? (
          <AdminListEmpty>No alternatives</AdminListEmpty>
        ) : (
          <Table>
            <caption className="sr-only">Alternatives, best first</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Tool</TableHead>
                <TableHead>Why</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {alternatives.map(({ tool: alternative, reason, pinned }) => (
                <TableRow key={alternative.id}>
                  <TableCell className="font-medium text-slate-900 dark:text-white">
                    {alternative.name}
                    {pinned && (
                      <span className="ml-2 text-xs font-semibold uppercase text-indigo-700 dark:text-indigo-300">
                        Pinned
                      </span>
                    )}
                  </TableCell>
                  <TableCell>{reason}</TableCell>
                  <TableCell className="space-x-2">
                    {pinned ? (
                      <OverrideButton
                        intent="clear"
                        alternativeId={alternative.id}
                        label={`Unpin ${alternative.name}`}
                      />
                    ) : (
                      <OverrideButton intent="pin" alternativeId={alternative.id} label={`Pin ${alternative.name}`} />
                    )}
                    <OverrideButton
                      intent="exclude"
                      alternativeId={alternative.id}
                      label={`Exclude ${alternative.name}`}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="excluded-heading" className="space-y-3">
        <h2 id="excluded-heading" className="text-xl font-semibold">
          Excluded
        </h2>
        {excluded.length === 0 ? (
          <AdminListEmpty>No tool is excluded</AdminListEmpty>
        ) : (
          <ul className="space-y-2">
            {excluded.map((entry) => (
              <li key={entry.id} className="flex items-center gap-3">
                <span>{entry.name}</span>
                <OverrideButton intent="clear" alternativeId={entry.id} label={`Restore ${entry.name}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
