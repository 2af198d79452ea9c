-- Public names never come from an email address (issue 37, decision 147). Every member has a display
-- name from the start: the one chosen at sign-up, else a generated handle such as "quiet-heron-4821",
-- which they may change on /account. profiles.username, the spec's field, is the name an identity
-- provider gave, else the same generated handle: never the address's local part, as it was (0005).

-- A free handle: adjective-noun-number, within the display name rules (3 to 30 of [A-Za-z0-9._-]),
-- unique whatever the case. About 15 million of them; a taken one is drawn again.
CREATE FUNCTION generated_public_name() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  adjectives constant text[] := ARRAY[
    'amber', 'azure', 'bold', 'brave', 'bright', 'brisk', 'calm', 'clever', 'coral', 'cosy',
    'crisp', 'eager', 'fair', 'gentle', 'glad', 'golden', 'happy', 'humble', 'jolly', 'keen',
    'kind', 'lively', 'lucky', 'merry', 'misty', 'mellow', 'neat', 'nimble', 'patient', 'polite',
    'proud', 'quick', 'quiet', 'rapid', 'silver', 'steady', 'sunny', 'swift', 'tidy', 'witty'];
  nouns constant text[] := ARRAY[
    'badger', 'beaver', 'bison', 'crane', 'dolphin', 'eagle', 'falcon', 'ferret', 'finch', 'gecko',
    'hare', 'heron', 'ibis', 'koala', 'lemur', 'lynx', 'magpie', 'marten', 'newt', 'orca',
    'osprey', 'otter', 'owl', 'panda', 'pelican', 'puffin', 'quail', 'raven', 'robin', 'salmon',
    'seal', 'sparrow', 'stoat', 'tern', 'tiger', 'toucan', 'vole', 'walrus', 'wren', 'yak'];
  candidate text;
BEGIN
  LOOP
    candidate := adjectives[1 + floor(random() * array_length(adjectives, 1))::int]
      || '-' || nouns[1 + floor(random() * array_length(nouns, 1))::int]
      || '-' || (1000 + floor(random() * 9000))::int;
    -- The expression of the unique index profiles_display_name_lower_key, so the index answers.
    IF NOT EXISTS (SELECT 1 FROM profiles WHERE lower(display_name) = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- The new profile gets a generated display name, and the same as its username unless the user has a
-- name (Google's). Two sign-ups drawing the same free name at once: the loser draws again.
CREATE OR REPLACE FUNCTION users_create_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  public_name text;
BEGIN
  FOR attempt IN 1..10 LOOP
    public_name := generated_public_name();
    BEGIN
      INSERT INTO profiles (id, username, display_name, avatar_url, user_type)
        VALUES (NEW.id, coalesce(nullif(regexp_replace(NEW.name, '^\s+|\s+$', '', 'g'), ''), public_name),
          public_name, NEW.image, 'user')
      ON CONFLICT (id) DO NOTHING;
      RETURN NULL;
    EXCEPTION WHEN unique_violation THEN
      NULL;
    END;
  END LOOP;
  RAISE EXCEPTION 'no free public name for user %', NEW.id;
END $$;
--> statement-breakpoint
-- As in 0005, and a profile without a display name (or a missing profile) gets a generated one.
CREATE OR REPLACE FUNCTION users_sync_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  public_name text := generated_public_name();
BEGIN
  INSERT INTO profiles (id, username, display_name, avatar_url, user_type)
    VALUES (NEW.id, coalesce(nullif(regexp_replace(NEW.name, '^\s+|\s+$', '', 'g'), ''), public_name),
      public_name, NEW.image, 'user')
  ON CONFLICT (id) DO UPDATE SET
    avatar_url = CASE
      WHEN NEW.image IS NOT NULL AND NEW.image IS DISTINCT FROM OLD.image THEN NEW.image
      ELSE profiles.avatar_url
    END,
    username = coalesce(profiles.username, excluded.username),
    display_name = coalesce(profiles.display_name, excluded.display_name),
    updated_at = now()
  WHERE profiles.username IS NULL
     OR profiles.display_name IS NULL
     OR (NEW.image IS NOT NULL AND NEW.image IS DISTINCT FROM OLD.image AND NEW.image IS DISTINCT FROM profiles.avatar_url);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The old naming took the email's local part; nothing may call it again.
DROP FUNCTION profile_username(text, text);
--> statement-breakpoint
-- Existing members without a display name get a generated one, one at a time so each draw sees the last.
DO $$
DECLARE
  member record;
BEGIN
  FOR member IN SELECT id FROM profiles WHERE display_name IS NULL ORDER BY id LOOP
    UPDATE profiles SET display_name = generated_public_name(), updated_at = now() WHERE id = member.id;
  END LOOP;
END $$;
--> statement-breakpoint
-- The public change log and the moderation log keep the name an administrator had when acting: their
-- username, the local part of their address unless they had a name (or the address itself when they
-- had neither). Those become their display name.
UPDATE tool_changes SET actor_name = profiles.display_name
FROM users JOIN profiles ON profiles.id = users.id
WHERE tool_changes.actor_id = users.id
  AND lower(tool_changes.actor_name) IN (lower(users.email), lower(split_part(users.email, '@', 1)));
--> statement-breakpoint
UPDATE moderation_actions SET actor_name = profiles.display_name
FROM users JOIN profiles ON profiles.id = users.id
WHERE moderation_actions.actor_id = users.id
  AND lower(moderation_actions.actor_name) IN (lower(users.email), lower(split_part(users.email, '@', 1)));
--> statement-breakpoint
-- A username taken from the address (or missing) becomes the display name.
UPDATE profiles SET username = profiles.display_name, updated_at = now()
FROM users
WHERE users.id = profiles.id
  AND (profiles.username IS NULL
    OR lower(profiles.username) = lower(split_part(users.email, '@', 1))
    OR position('@' in profiles.username) > 0);
