import { Play } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/jobs";
import { AdminListEmpty } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatCount } from "~/lib/format";
import { JOB_LABELS, formatCounts, formatDuration, isJobKind, type JobKind } from "~/lib/jobs";
import { requireAdmin } from "~/server/auth/guards.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { listRecentJobRuns } from "~/server/jobs/job-runs.server";
import { adminPageMeta } from "~/lib/seo";

// /admin/jobs: the background jobs (decision 067): each kind's schedule and next run, a button to
// run one now, and the recent runs with how they ended.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const [runs, sizes] = await Promise.all([
    listRecentJobRuns({ db: context.db, limit: 30 }),
    context.jobs.queueSizes(),
  ]);
  const schedules = context.jobs.schedules().map((schedule) => ({
    ...schedule,
    nextRunAt: schedule.nextRunAt?.toISOString() ?? null,
    waiting: sizes[schedule.kind].waiting,
  }));
  return {
    schedules,
    runs: runs.map((run) => ({
      ...run,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      requestedBy: run.requestedBy || run.requestedByEmail,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Jobs");

export const action = defineAction({
  guard: "admin",
  schema: z.object({
    intent: z.literal("run", "Choose a job to run."),
    kind: z.string().refine(isJobKind, "Choose a job to run."),
  }),
  fields: ["intent", "kind"],
  invalid: () => "Choose a job to run.",
  async run({ context, viewer, input }) {
    const kind = input.kind as JobKind;
    const outcome = await context.jobs.runNow(kind, viewer.id);
    const title =
      outcome === "queued"
        ? `${JOB_LABELS[kind]} queued: it starts within a few seconds.`
        : `${JOB_LABELS[kind]} is already waiting to run.`;
    return redirect("/admin/jobs", { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
  },
});

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

const STATE_STYLES = {
  running: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  succeeded: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
} as const;

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { schedules, runs } = loaderData;
  const navigation = useNavigation();
  const running = navigation.formData?.get("kind");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Jobs</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Work the site does by itself: checking every tool&apos;s website and asking the research assistant for
          updates. Schedules are set with LINK_CHECK_CRON and REFRESH_CRON (UTC, or &quot;off&quot;).
        </p>
      </div>
      {actionData?.formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {actionData.formError}
        </p>
      ) : null}

      <section aria-labelledby="schedules-heading" className="space-y-3">
        <h2 id="schedules-heading" className="text-xl font-semibold">
          Schedules
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Job</TableHead>
              <TableHead scope="col">Schedule</TableHead>
              <TableHead scope="col">Next run</TableHead>
              <TableHead scope="col">Waiting</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {schedules.map((schedule) => (
              <TableRow key={schedule.kind}>
                <TableCell className="font-medium">
                  {JOB_LABELS[schedule.kind]}
                  {schedule.idleReason ? (
                    <span className="block text-xs font-normal text-amber-700 dark:text-amber-400">
                      {schedule.idleReason}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>
                  {schedule.cron ? <code className="text-sm">{schedule.cron}</code> : <span>Off</span>}
                </TableCell>
                <TableCell>{schedule.nextRunAt ? when(schedule.nextRunAt) : "Not scheduled"}</TableCell>
                <TableCell>{formatCount(schedule.waiting)}</TableCell>
                <TableCell className="text-right">
                  <Form method="post">
                    <input type="hidden" name="kind" value={schedule.kind} />
                    <Button
                      type="submit"
                      name="intent"
                      value="run"
                      size="sm"
                      variant="outline"
                      disabled={running === schedule.kind}
                      aria-label={`Run now: ${JOB_LABELS[schedule.kind]}`}
                    >
                      <Play aria-hidden="true" className="h-4 w-4" />
                      {running === schedule.kind ? "Queuing..." : "Run now"}
                    </Button>
                  </Form>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>

      <section aria-labelledby="runs-heading" className="space-y-3">
        <h2 id="runs-heading" className="text-xl font-semibold">
          Recent runs
        </h2>
        {runs.length === 0 ? (
          <AdminListEmpty>No job has run yet.</AdminListEmpty>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Job</TableHead>
                <TableHead scope="col">Started</TableHead>
                <TableHead scope="col">State</TableHead>
                <TableHead scope="col">Duration</TableHead>
                <TableHead scope="col">Counts</TableHead>
                <TableHead scope="col">Started by</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.map((run) => (
                <TableRow key={run.id}>
                  <TableCell className="font-medium">{JOB_LABELS[run.kind]}</TableCell>
                  <TableCell>{when(run.startedAt)}</TableCell>
                  <TableCell>
                    <Badge className={STATE_STYLES[run.state]}>{run.state}</Badge>
                    {run.attempts > 1 ? <span className="ml-2 text-xs">attempt {run.attempts}</span> : null}
                    {run.error ? (
                      <span className="block text-xs text-red-700 dark:text-red-400">{run.error}</span>
                    ) : null}
                  </TableCell>
                  <TableCell>{run.finishedAt ? formatDuration(run.startedAt, run.finishedAt) : "..."}</TableCell>
                  <TableCell>{formatCounts(run.counts)}</TableCell>
                  <TableCell>
                    {run.trigger === "manual"
                      ? (run.requestedBy ?? "an administrator")
                      : run.trigger === "cli"
                        ? "command line"
                        : "schedule"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
