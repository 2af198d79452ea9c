-- Every user gets a profile in the transaction that creates the user, whoever creates it (Better
-- Auth's sign-up, a Google sign-in, a script), so no code path can leave a user without one or pick
-- its role: user_type is always 'user' here and only the admin tooling changes it.

-- The name a profile starts with: the user's name when it is not blank, else the email's local part.
CREATE FUNCTION profile_username(name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT nullif(coalesce(nullif(regexp_replace(name, '^\s+|\s+$', '', 'g'), ''), split_part(email, '@', 1)), '')
$$;
--> statement-breakpoint
CREATE FUNCTION users_create_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, username, avatar_url, user_type)
    VALUES (NEW.id, profile_username(NEW.name, NEW.email), NEW.image, 'user')
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A changed image (a new Google photo) replaces the avatar; a cleared one keeps it. The username is
-- only filled in when the profile has none, so a name change never renames someone's profile.
-- The upsert also creates a profile that is missing, without ever touching user_type.
CREATE FUNCTION users_sync_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, username, avatar_url, user_type)
    VALUES (NEW.id, profile_username(NEW.name, NEW.email), NEW.image, 'user')
  ON CONFLICT (id) DO UPDATE SET
    avatar_url = CASE
      WHEN NEW.image IS NOT NULL AND NEW.image IS DISTINCT FROM OLD.image THEN NEW.image
      ELSE profiles.avatar_url
    END,
    username = coalesce(profiles.username, excluded.username),
    updated_at = now()
  WHERE profiles.username IS NULL
     OR (NEW.image IS NOT NULL AND NEW.image IS DISTINCT FROM OLD.image AND NEW.image IS DISTINCT FROM profiles.avatar_url);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_create_profile_after_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_create_profile();
--> statement-breakpoint
CREATE TRIGGER users_sync_profile_after_update AFTER UPDATE OF name, image ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.image IS DISTINCT FROM NEW.image)
  EXECUTE FUNCTION users_sync_profile();
--> statement-breakpoint
-- Users created before this migration get their profile now.
INSERT INTO profiles (id, username, avatar_url, user_type)
  SELECT id, profile_username(name, email), image, 'user' FROM users
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- recordVote keeps tools.rating and tools.vote_count exact when a vote is cast or changed. Votes
-- also disappear without it: deleting a user cascades to their votes. This recounts the tools
-- those votes belonged to, in the deleting transaction. It first locks the tools in id order with
-- the lock recordVote takes, so under READ COMMITTED the recount sees every vote committed before it.
CREATE FUNCTION tool_votes_recount_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tools WHERE id IN (SELECT tool_id FROM removed_votes) ORDER BY id FOR NO KEY UPDATE;
  UPDATE tools SET
    rating = (SELECT round(avg(votes.rating), 2) FROM tool_votes AS votes WHERE votes.tool_id = tools.id),
    vote_count = (SELECT count(*) FROM tool_votes AS votes WHERE votes.tool_id = tools.id)
  WHERE tools.id IN (SELECT tool_id FROM removed_votes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_votes_recount_after_delete AFTER DELETE ON tool_votes
  REFERENCING OLD TABLE AS removed_votes FOR EACH STATEMENT EXECUTE FUNCTION tool_votes_recount_after_delete();
