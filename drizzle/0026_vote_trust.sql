-- Trust in the numbers (issue 33, decisions 174 and 175): the ranking counts only votes from
-- accounts a day old with a confirmed email, never discounted ones; bursts of new accounts' votes
-- wait in the admin inbox.
CREATE TABLE "vote_bursts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE cascade,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "vote_bursts_status_check" CHECK (status in ('open', 'discounted', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vote_bursts_open_tool_key" ON "vote_bursts" USING btree ("tool_id") WHERE "vote_bursts"."status" = 'open';
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "discounted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "burst_id" uuid REFERENCES "vote_bursts"("id") ON DELETE set null;
--> statement-breakpoint
-- Votes cast before this migration count as their accounts do today.
UPDATE "tool_votes" AS v SET counted = true
FROM "users" AS u
WHERE u.id = v.user_id AND u.email_verified AND u.created_at <= now() - interval '1 day';
--> statement-breakpoint
CREATE INDEX "tool_votes_uncounted_idx" ON "tool_votes" USING btree ("tool_id","rating") WHERE not "tool_votes"."counted";
--> statement-breakpoint
CREATE INDEX "tool_votes_waiting_idx" ON "tool_votes" USING btree ("user_id") WHERE not "tool_votes"."counted" and "tool_votes"."discounted_at" is null;
--> statement-breakpoint
CREATE INDEX "tool_votes_burst_id_idx" ON "tool_votes" USING btree ("burst_id") WHERE "tool_votes"."burst_id" is not null;
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK (action in ('comment-hidden', 'comment-restored', 'comment-deleted', 'comment-reports-dismissed', 'listing-reports-resolved', 'submission-approved', 'submission-rejected', 'review-hidden', 'review-restored', 'review-reports-dismissed', 'votes-discounted', 'vote-burst-dismissed'));
--> statement-breakpoint
-- A new vote counts at once when its account already qualifies (whoever writes it: the vote
-- action, the demo seed, an import).
CREATE FUNCTION tool_votes_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.counted := NEW.discounted_at IS NULL AND NEW.burst_id IS NULL AND EXISTS (
    SELECT 1 FROM users AS u
    WHERE u.id = NEW.user_id AND u.email_verified AND u.created_at <= now() - interval '1 day');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_votes_counted BEFORE INSERT ON tool_votes
  FOR EACH ROW EXECUTE FUNCTION tool_votes_counted();
--> statement-breakpoint
-- The score counts only counted votes: the displayed rating and vote_count (every vote's) less the
-- few votes that do not count, read through their partial index, so a tool without such votes
-- (nearly all of them) costs one empty index probe. It is still recomputed whenever rating or
-- vote_count is named in an UPDATE, so a recount writes "rating = rating".
CREATE OR REPLACE FUNCTION tools_ranking_score() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uncounted integer;
  uncounted_sum double precision;
  n integer;
  total double precision;
BEGIN
  SELECT count(*), coalesce(sum(v.rating), 0) INTO uncounted, uncounted_sum
    FROM tool_votes AS v WHERE v.tool_id = NEW.id AND NOT v.counted;
  n := greatest(NEW.vote_count - uncounted, 0);
  total := CASE WHEN n = 0 THEN 0 ELSE coalesce(NEW.rating, 0) * NEW.vote_count - uncounted_sum END;
  SELECT (total + p.weight * p.mean) / (n + p.weight) INTO NEW.ranking_score FROM ranking_prior AS p;
  NEW.ranking_score := coalesce(NEW.ranking_score, (total + 30) / (n + 10));
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Turns on the votes whose accounts have matured since they voted (a day old and confirmed; not
-- discounted, not held in an open burst) and re-scores only their tools. One user's (at
-- confirmation) or everyone's (the scheduled job). Returns the re-scored tools' ids.
CREATE FUNCTION count_matured_votes(only_user uuid) RETURNS uuid[] LANGUAGE plpgsql AS $$
DECLARE
  tool_ids uuid[];
BEGIN
  WITH matured AS (
    UPDATE tool_votes AS v SET counted = true
    FROM users AS u
    WHERE u.id = v.user_id
      AND NOT v.counted AND v.discounted_at IS NULL
      AND (only_user IS NULL OR v.user_id = only_user)
      AND u.email_verified AND u.created_at <= now() - interval '1 day'
      AND NOT EXISTS (SELECT 1 FROM vote_bursts AS b WHERE b.id = v.burst_id AND b.status = 'open')
    RETURNING v.tool_id
  )
  SELECT array_agg(DISTINCT tool_id) INTO tool_ids FROM matured;
  IF tool_ids IS NULL THEN
    RETURN '{}';
  END IF;
  UPDATE tools SET rating = rating WHERE id = ANY (tool_ids);
  RETURN tool_ids;
END $$;
--> statement-breakpoint
-- Confirming an email (by the link, a password reset or Google) counts the account's votes at once
-- when it is already a day old; a younger account waits for the scheduled job.
CREATE FUNCTION users_count_votes_on_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_matured_votes(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_votes_on_confirmation AFTER UPDATE OF email_verified ON users
  FOR EACH ROW WHEN (NEW.email_verified AND NOT OLD.email_verified)
  EXECUTE FUNCTION users_count_votes_on_confirmation();
--> statement-breakpoint
UPDATE "tools" SET rating = rating WHERE vote_count > 0;
