import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TimeAgo } from "~/components/time-ago";
import { formatCount } from "~/lib/format";

/** A member's claim to make a tool, as the inbox lists it (decision 176). */
export type InboxClaim = {
  id: string;
  tool: { id: string; name: string; slug: string; website: string | null };
  memberName: string | null;
  note: string | null;
  lastFailure: string | null;
  createdAt: string;
};

const muted = "text-sm text-slate-600 dark:text-slate-400";
const linkClass = "font-medium text-indigo-700 hover:underline dark:text-indigo-300";

/**
 * The inbox's "Maker claims": each pending claim with the member's note and the last check of the
 * website, approved (the member becomes the listing's verified maker) or rejected (the claim goes).
 */
export function MakerClaims({ claims, refusal }: { claims: InboxClaim[]; refusal: (id: string) => string | null }) {
  return (
    <section aria-labelledby="claims-heading" className="space-y-4">
      <h2 id="claims-heading" className="flex items-center gap-2 text-xl font-semibold">
        Maker claims
        <Badge variant="secondary">{formatCount(claims.length)}</Badge>
      </h2>
      {claims.length === 0 ? (
        <p className={muted}>No claim waits for approval.</p>
      ) : (
        claims.map((claim) => (
          <Card key={claim.id}>
            <CardHeader>
              <CardTitle className="text-lg">
                <Link to={`/tool/${encodeURIComponent(claim.tool.slug)}`} className={linkClass}>
                  {claim.tool.name}
                </Link>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p>
                Claimed by <span className="font-medium">{claim.memberName ?? "a member"}</span> ·{" "}
                <TimeAgo at={claim.createdAt} />
                {claim.tool.website && (
                  <>
                    {" "}
                    · website{" "}
                    <a href={claim.tool.website} rel="nofollow noopener noreferrer" className={linkClass}>
                      {claim.tool.website}
                    </a>
                  </>
                )}
              </p>
              {claim.note && <p className="whitespace-pre-line">Note: {claim.note}</p>}
              {claim.lastFailure && <p className={muted}>Last check of the website: {claim.lastFailure}</p>}
              <div className="flex flex-wrap gap-2">
                {(["approve-claim", "reject-claim"] as const).map((intent) => (
                  <Form method="post" key={intent}>
                    <input type="hidden" name="id" value={claim.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value={intent}
                      size="sm"
                      variant={intent === "approve-claim" ? "outline" : "secondary"}
                    >
                      {intent === "approve-claim" ? "Approve claim" : "Reject claim"}
                      <span className="sr-only"> on {claim.tool.name}</span>
                    </Button>
                  </Form>
                ))}
              </div>
              {refusal(claim.id) && (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {refusal(claim.id)}
                </p>
              )}
            </CardContent>
          </Card>
        ))
      )}
    </section>
  );
}
