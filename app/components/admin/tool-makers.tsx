import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TimeAgo } from "~/components/time-ago";
import { REVOKE_MAKER_INTENT } from "~/lib/makers";

/** A listing's verified maker, as the admin's tool page lists it. */
export type ListedMaker = {
  id: string;
  memberName: string | null;
  method: "file" | "meta" | "admin" | null;
  verifiedAt: string | null;
};

const HOW_VERIFIED: Record<NonNullable<ListedMaker["method"]>, string> = {
  file: "by a file on the website",
  meta: "by a tag on the website's home page",
  admin: "by an administrator",
};

const muted = "text-sm text-slate-600 dark:text-slate-400";

/**
 * The listing's verified makers under the tool form (issue 33), each with "Revoke": the badge leaves
 * the listing and their comments, and they may claim again. Plain forms, beside the editor's own.
 */
export function ToolMakers({ toolName, makers }: { toolName: string; makers: ListedMaker[] }) {
  return (
    <section aria-labelledby="tool-makers-heading" className="mx-auto mt-10 max-w-3xl space-y-3">
      <h2 id="tool-makers-heading" className="text-xl font-semibold">
        Makers
      </h2>
      {makers.length === 0 ? (
        <p className={muted}>No verified maker. Members claim {toolName} from its page.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {makers.map((maker) => {
            const name = maker.memberName ?? "A member";
            return (
              <li key={maker.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <p className="text-sm">
                  <span className="font-semibold">{name}</span>, verified{" "}
                  {maker.method ? HOW_VERIFIED[maker.method] : ""}
                  {maker.verifiedAt && (
                    <>
                      {" "}
                      <TimeAgo at={new Date(maker.verifiedAt)} className="text-slate-600 dark:text-slate-400" />
                    </>
                  )}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value={REVOKE_MAKER_INTENT} />
                  <input type="hidden" name="makerId" value={maker.id} />
                  <Button type="submit" size="sm" variant="outline">
                    Revoke
                    <span className="sr-only">
                      {" "}
                      {name} as maker of {toolName}
                    </span>
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
