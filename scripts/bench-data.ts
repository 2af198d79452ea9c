// npm run bench:data -- --tools 10000 --articles 1000
// Fills the configured database (PGlite in DATA_DIR, or DATABASE_URL) with a deterministic synthetic
// catalogue for load benchmarks: tools, articles, users with profiles, votes and comments.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { count, inArray, sql } from "drizzle-orm";
import {
  averageRating,
  createRandom,
  generateArticles,
  generateTools,
  generateUsers,
  toolMatches,
  type SyntheticTool,
} from "../bench/synthetic-catalogue";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { TOOLS_PAGE_SIZE } from "~/lib/limits";
import { pricingToPlans } from "~/lib/pricing";
import { suggestPricingModel } from "~/lib/pricing-model-suggestion";
import { refreshRankingPriorIfDrifted } from "~/server/catalog/ranking.server";
import type { Database } from "~/server/db/client.server";
import { openConfiguredDatabase } from "~/server/db/configured-database.server";
import { articles, comments, profiles, tools, toolVotes, users } from "~/server/db/schema.server";

const usage = `Usage: npm run bench:data -- [--tools 10000] [--articles 1000] [--users 2000] [--seed 1]
                          [--append] [--manifest FILE] [--search-term writer]

Refuses a database that already has tools, articles or users unless --append is given.
--manifest writes what the benchmark needs to know (sample slugs, expected search results) as JSON;
its expectations hold only for a database that was empty before this run.`;

const BATCH_SIZE = 500;
/** Votes or comments per INSERT statement. */
const CHILD_ROWS_PER_INSERT = 5000;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      tools: { type: "string", default: "10000" },
      articles: { type: "string", default: "1000" },
      users: { type: "string", default: "2000" },
      seed: { type: "string", default: "1" },
      append: { type: "boolean", default: false },
      manifest: { type: "string" },
      "search-term": { type: "string", default: "writer" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const whole = (name: "tools" | "articles" | "users" | "seed") => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a whole number, got "${values[name]}".`);
    return value;
  };
  return {
    toolCount: whole("tools"),
    articleCount: whole("articles"),
    userCount: whole("users"),
    seed: whole("seed"),
    append: values.append,
    manifestPath: values.manifest,
    searchTerm: values["search-term"],
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

async function existingRowCounts(db: Database) {
  const [[toolRows], [articleRows], [userRows]] = await Promise.all([
    db.select({ n: count() }).from(tools),
    db.select({ n: count() }).from(articles),
    db.select({ n: count() }).from(users),
  ]);
  return { tools: toolRows!.n, articles: articleRows!.n, users: userRows!.n };
}

/** Writes one batch of tools with their votes and comments; ratings are set from the votes. */
async function insertToolBatch(db: Database, batch: SyntheticTool[], userIds: string[]) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(tools)
      .values(
        batch.map((tool) => ({
          slug: tool.slug,
          name: tool.name,
          category: tool.category,
          description: tool.description,
          website: tool.website,
          features: tool.features,
          pros: tool.pros,
          cons: tool.cons,
          pricing: tool.pricing,
          // What an admin accepting the form's suggestion stores: the pricing filters have something to find.
          pricingModel: suggestPricingModel(pricingToPlans(tool.pricing)),
          metaTitle: tool.metaTitle,
          rating: averageRating(tool.votes),
          voteCount: tool.votes.length,
          createdAt: tool.createdAt,
          updatedAt: tool.updatedAt,
        })),
      )
      .returning({ id: tools.id, slug: tools.slug });
    const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));

    // Votes and comments go in as one JSON parameter per statement: about 2.5 times less CPU
    // than a multi-row VALUES with three parameters a row, and the same SQL on PGlite and PostgreSQL.
    const voteRows = batch.flatMap((tool) =>
      tool.votes.map((vote) => ({
        tool_id: idBySlug.get(tool.slug)!,
        user_id: userIds[vote.userIndex]!,
        rating: vote.rating,
      })),
    );
    for (const rows of chunks(voteRows, CHILD_ROWS_PER_INSERT)) {
      await tx.execute(sql`
        insert into ${toolVotes} (tool_id, user_id, rating)
        select tool_id, user_id, rating
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(tool_id uuid, user_id uuid, rating smallint)`);
    }

    const commentRows = batch.flatMap((tool) =>
      tool.comments.map((comment) => ({
        tool_id: idBySlug.get(tool.slug)!,
        user_id: userIds[comment.userIndex]!,
        content: comment.content,
        created_at: comment.createdAt,
      })),
    );
    for (const rows of chunks(commentRows, CHILD_ROWS_PER_INSERT)) {
      await tx.execute(sql`
        insert into ${comments} (tool_id, user_id, content, created_at)
        select tool_id, user_id, content, created_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(tool_id uuid, user_id uuid, content text, created_at timestamptz)`);
    }
    return {
      tools: inserted.length,
      votes: voteRows.length,
      comments: commentRows.length,
      ids: inserted.map((row) => row.id),
    };
  });
}

/** Tools whose stored rating or vote_count disagrees with their votes: must be none. */
async function countInconsistentRatings(db: Database, toolIds: string[]): Promise<number> {
  let inconsistent = 0;
  for (const ids of chunks(toolIds, 5000)) {
    const [row] = await db
      .select({ n: count() })
      .from(tools)
      .leftJoin(
        sql`(select tool_id, count(*)::int as votes, round(avg(rating), 2) as average from ${toolVotes} group by tool_id) as v`,
        sql`v.tool_id = ${tools.id}`,
      )
      .where(
        sql`${inArray(tools.id, ids)} and (${tools.voteCount} <> coalesce(v.votes, 0) or ${tools.rating} is distinct from v.average)`,
      );
    inconsistent += row!.n;
  }
  return inconsistent;
}

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions();
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
  process.exit(2);
}
const started = performance.now();
const { handle, releaseLock } = await openConfiguredDatabase();
try {
  const { db } = handle;
  await handle.migrate();
  const openedMs = performance.now() - started;

  const before = await existingRowCounts(db);
  const hasRows = before.tools + before.articles + before.users > 0;
  if (hasRows && !options.append) {
    console.error(
      `The database (${handle.kind}, ${handle.location}) already has ${before.tools} tools, ${before.articles} articles ` +
        `and ${before.users} users. bench:data fills an empty database; use another DATA_DIR, or pass --append to add to it.`,
    );
    process.exitCode = 1;
  } else {
    if (hasRows && options.manifestPath) {
      console.warn("Appending: the manifest's expected search results describe this run's rows only.");
    }
    const [toolSlugs, articleSlugs, emails] = hasRows
      ? await Promise.all([
          db.select({ slug: tools.slug }).from(tools),
          db.select({ slug: articles.slug }).from(articles),
          db.select({ email: users.email }).from(users),
        ])
      : [[], [], []];

    // Anchored at the start of the UTC day: the same seed gives the same rows all day long.
    const now = new Date(new Date().toISOString().slice(0, 10));
    const random = createRandom(options.seed);
    const syntheticUsers = generateUsers({
      random,
      count: options.userCount,
      takenEmails: new Set(emails.map((row) => row.email)),
    });
    const syntheticTools = generateTools({
      random,
      count: options.toolCount,
      userCount: syntheticUsers.length,
      now,
      takenSlugs: new Set(toolSlugs.map((row) => row.slug)),
    });
    const syntheticArticles = generateArticles({
      random,
      count: options.articleCount,
      now,
      takenSlugs: new Set(articleSlugs.map((row) => row.slug)),
    });
    const generatedMs = performance.now() - started - openedMs;
    const writeStarted = performance.now();

    const userIds: string[] = [];
    for (const batch of chunks(syntheticUsers, BATCH_SIZE)) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          // Confirmed accounts older than a day: their votes count in the ranking (decision 174).
          .values(
            batch.map((user) => ({
              name: user.name,
              email: user.email,
              emailVerified: true,
              createdAt: sql`now() - interval '30 days'`,
            })),
          )
          .returning({ id: users.id });
        // A trigger gave each user a profile named after them; the synthetic handle replaces it.
        await tx.execute(sql`
          update ${profiles} set username = handles.username
          from (values ${sql.join(
            inserted.map((row, index) => sql`(${row.id}::uuid, ${batch[index]!.username})`),
            sql`, `,
          )}) as handles (id, username)
          where ${profiles.id} = handles.id`);
        userIds.push(...inserted.map((row) => row.id));
      });
    }

    const totals = { tools: 0, votes: 0, comments: 0 };
    const toolIds: string[] = [];
    for (const batch of chunks(syntheticTools, BATCH_SIZE)) {
      const written = await insertToolBatch(db, batch, userIds);
      totals.tools += written.tools;
      totals.votes += written.votes;
      totals.comments += written.comments;
      toolIds.push(...written.ids);
    }

    let articleTotal = 0;
    for (const batch of chunks(syntheticArticles, BATCH_SIZE)) {
      await db.transaction(async (tx) => {
        await tx.insert(articles).values(batch);
        articleTotal += batch.length;
      });
    }
    const writtenMs = performance.now() - writeStarted;

    const inconsistent = await countInconsistentRatings(db, toolIds);
    if (inconsistent > 0)
      throw new Error(`${inconsistent} tools have a rating or vote_count that disagrees with their votes.`);

    // Scored now with the catalogue's mean vote, as a server would at its first start: otherwise the
    // benchmark's first server spends its start-up re-scoring every tool.
    const scoringStarted = performance.now();
    await refreshRankingPriorIfDrifted({ db });
    const scoredMs = performance.now() - scoringStarted;

    const perCategory = TOOL_CATEGORIES.map(
      (category) => `${category} ${syntheticTools.filter((tool) => tool.category === category).length}`,
    );
    const matching = syntheticTools.filter((tool) => toolMatches(tool, options.searchTerm));

    console.log(
      [
        `Inserted into ${handle.kind} (${handle.location}):`,
        `  ${totals.tools} tools (${perCategory.join(", ")})`,
        `  ${articleTotal} articles (${syntheticArticles.filter((article) => article.status === "draft").length} drafts)`,
        `  ${userIds.length} users with profiles, ${totals.votes} votes, ${totals.comments} comments`,
        `  ratings and vote counts match the votes of every new tool`,
        `  "${options.searchTerm}" matches ${matching.length} of the new tools`,
        `Took ${seconds(performance.now() - started)}: opening and migrating the database ${seconds(openedMs)}, ` +
          `generating ${seconds(generatedMs)}, writing ${seconds(writtenMs)} ` +
          `(${Math.round(totals.tools / (writtenMs / 1000))} tools/s with their votes and comments), ` +
          `scoring ${seconds(scoredMs)}.`,
      ].join("\n"),
    );

    if (options.manifestPath) {
      // Newest first, as the home grid orders a search whose term starts no tool name.
      const newestMatching = [...matching].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const sampleTool =
        syntheticTools.find((tool) => tool.comments.length >= 3 && Array.isArray(tool.pricing)) ?? syntheticTools[0];
      const sampleArticle = syntheticArticles.find((article) => article.status === "published");
      const manifest = {
        seed: options.seed,
        counts: {
          tools: totals.tools,
          articles: articleTotal,
          users: userIds.length,
          votes: totals.votes,
          comments: totals.comments,
        },
        sampleTool: sampleTool ? { slug: sampleTool.slug, name: sampleTool.name } : null,
        sampleArticle: sampleArticle ? { slug: sampleArticle.slug, title: sampleArticle.title } : null,
        search: {
          term: options.searchTerm,
          matchingTools: matching.length,
          firstPageSlugs: newestMatching.slice(0, TOOLS_PAGE_SIZE).map((tool) => tool.slug),
        },
      };
      fs.writeFileSync(options.manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    }
  }
} finally {
  await handle.close();
  releaseLock();
}
