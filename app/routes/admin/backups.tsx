import type { Route } from "./+types/backups";
import { AdminListEmpty } from "~/components/admin/admin-list";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatCount } from "~/lib/format";
import { requireAdmin } from "~/server/auth/guards.server";
import { listScheduledArchives, readLastBackup } from "~/server/backup/backup-record.server";
import { adminPageMeta } from "~/lib/seo";

// /admin/backups: the last backup made on this machine, the scheduled archives in BACKUP_DIR, and
// the commands that make and restore one (decisions 081 and 082).

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { dataDir, dir, keep, cron } = context.backups;
  const [last, archives] = await Promise.all([readLastBackup(dataDir), listScheduledArchives(dir)]);
  return { last, archives, dir, keep, cron };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Backups");

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${formatCount(Math.ceil(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const TRIGGERS = { cli: "npm run backup", schedule: "the schedule", manual: "Run now in Jobs" } as const;

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  const { last, archives, dir, keep, cron } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Backups</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          One archive holds every table, the uploaded files and a manifest with checksums. It restores into PGlite or
          PostgreSQL.
        </p>
      </div>

      <section aria-labelledby="last-heading" className="space-y-3">
        <h2 id="last-heading" className="text-xl font-semibold">
          Last backup
        </h2>
        {last ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="font-medium">Made</dt>
            <dd>
              {when(last.createdAt)} by {TRIGGERS[last.trigger]}
            </dd>
            <dt className="font-medium">File</dt>
            <dd>
              <code className="break-all">{last.file}</code> ({size(last.bytes)})
            </dd>
            <dt className="font-medium">Contents</dt>
            <dd>
              {formatCount(last.rows)} rows in {last.tables} tables, {formatCount(last.files)} uploaded files (schema{" "}
              {last.schemaVersion})
            </dd>
          </dl>
        ) : (
          <AdminListEmpty>No backup has been made on this machine yet.</AdminListEmpty>
        )}
      </section>

      <section aria-labelledby="how-heading" className="space-y-3">
        <h2 id="how-heading" className="text-xl font-semibold">
          Making and restoring a backup
        </h2>
        <ul className="list-disc space-y-2 pl-6 text-sm">
          <li>
            Now, from the server&apos;s directory (it may be running): <code>npm run backup -- backup.tar.gz</code>
          </li>
          <li>
            Into an empty database, with the server stopped: <code>npm run restore -- backup.tar.gz</code> (
            <code>--force</code> replaces a database that holds data).
          </li>
          <li>
            To move to PostgreSQL: back up here, then restore with <code>DATABASE_URL</code> set and start the server
            with it.
          </li>
          <li>
            On a schedule: {cron ? <code>{cron}</code> : "off"} (<code>BACKUP_CRON</code>, UTC), into{" "}
            <code className="break-all">{dir}</code> (<code>BACKUP_DIR</code>), keeping the last {keep} (
            <code>BACKUP_KEEP</code>). Jobs has a Run now button for it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="archives-heading" className="space-y-3">
        <h2 id="archives-heading" className="text-xl font-semibold">
          Scheduled archives
        </h2>
        {archives.length === 0 ? (
          <AdminListEmpty>{`No scheduled archive in ${dir}.`}</AdminListEmpty>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">File</TableHead>
                <TableHead scope="col">Size</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {archives.map((archive) => (
                <TableRow key={archive.name}>
                  <TableCell>
                    <code>{archive.name}</code>
                  </TableCell>
                  <TableCell>{size(archive.bytes)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
