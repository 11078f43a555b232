-- Trust and safety: roles and suspensions, content hidden by moderators, reports (notices) from
-- anyone, the moderators' decisions as an append-only audit log, contests of decisions, licences
-- of uploads, and review tags that wait for several users or a moderator before they become
-- catalogue filters. Runs on PostgreSQL 15 and PGlite (PostgreSQL 18). Forward-only.

-- ---------------------------------------------------------------------------------------------
-- Roles and suspensions
-- ---------------------------------------------------------------------------------------------

ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin'));
-- Suspended until this moment (9999-12-31 = for good); NULL = not suspended.
ALTER TABLE users ADD COLUMN suspended_until timestamptz;
-- The job that lifts ended suspensions reads only the suspended accounts.
CREATE INDEX users_suspended_until_idx ON users (suspended_until) WHERE suspended_until IS NOT NULL;
CREATE INDEX users_staff_idx ON users (role) WHERE role <> 'user';

-- ---------------------------------------------------------------------------------------------
-- Hidden content. An item shows to others only when no moderator hid it (hidden_at IS NULL) and
-- its owner is not suspended (owner_suspended, set on every item of the owner while suspended).
-- The two are separate so that lifting a suspension does not restore what moderators hid.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE audio_files ADD COLUMN hidden_at timestamptz;
ALTER TABLE audio_files ADD COLUMN owner_suspended boolean NOT NULL DEFAULT false;
-- The licence the uploader states; files shared before licences were asked for keep all rights.
ALTER TABLE audio_files ADD COLUMN licence text NOT NULL DEFAULT 'all-rights-reserved'
  CHECK (licence IN ('cc-by-4.0', 'cc-by-sa-4.0', 'cc-by-nc-4.0', 'cc0-1.0', 'all-rights-reserved'));
-- When the uploader ticked "I made this or have the right to share it"; NULL for older files.
ALTER TABLE audio_files ADD COLUMN rights_confirmed_at timestamptz;
-- Discover's sort paths (0001) cover exactly what others may see, so its pages and its count
-- (an index-only scan) need no look at rows hidden by moderators or by a suspension.
DROP INDEX audio_files_recent_idx;
DROP INDEX audio_files_popular_idx;
DROP INDEX audio_files_downloads_idx;
DROP INDEX audio_files_title_idx;
CREATE INDEX audio_files_recent_idx ON audio_files (created_at DESC, id DESC)
  WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended;
CREATE INDEX audio_files_popular_idx ON audio_files (like_count DESC, id DESC)
  WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended;
CREATE INDEX audio_files_downloads_idx ON audio_files (download_count DESC, id DESC)
  WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended;
CREATE INDEX audio_files_title_idx ON audio_files (lower(title), id)
  WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended;
-- Discover filtered by licence, newest first.
CREATE INDEX audio_files_licence_idx ON audio_files (licence, created_at DESC, id DESC)
  WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended;

ALTER TABLE ratings ADD COLUMN hidden_at timestamptz;
ALTER TABLE ratings ADD COLUMN owner_suspended boolean NOT NULL DEFAULT false;

-- tonies.rating_count / rating_sum count only the ratings others can see: hiding a rating (or
-- suspending its author) takes it out of the averages and sort orders, restoring puts it back.
CREATE OR REPLACE FUNCTION ratings_keep_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := false;
  new_counts boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_counts := OLD.hidden_at IS NULL AND NOT OLD.owner_suspended;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_counts := NEW.hidden_at IS NULL AND NOT NEW.owner_suspended;
  END IF;
  IF old_counts THEN
    UPDATE tonies SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.rating
     WHERE id = OLD.tonie_id;
  END IF;
  IF new_counts THEN
    UPDATE tonies SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.rating
     WHERE id = NEW.tonie_id;
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER ratings_keep_aggregates ON ratings;
CREATE TRIGGER ratings_keep_aggregates
  AFTER INSERT OR UPDATE OF rating, tonie_id, hidden_at, owner_suspended OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION ratings_keep_aggregates();

-- ---------------------------------------------------------------------------------------------
-- Review tags. A catalogue tag comes from the catalogue (import, demo seed) or from a review. A
-- review's new tag describes that review only: it is linked to Tonies (and so listed in the
-- catalogue's tag filter) once approved, by a moderator or automatically when enough different
-- users use it (the service's rule).
-- ---------------------------------------------------------------------------------------------

ALTER TABLE tags ADD COLUMN origin text NOT NULL DEFAULT 'catalogue' CHECK (origin IN ('catalogue', 'review'));
ALTER TABLE tags ADD COLUMN approved_at timestamptz;

-- Tags already made by reviews: used in a review, and every Tonie carrying them carries them
-- only because a review of it uses them.
UPDATE tags SET origin = 'review'
 WHERE EXISTS (SELECT 1 FROM rating_tags rt WHERE rt.tag_id = tags.id)
   AND NOT EXISTS (
     SELECT 1 FROM tonie_tags tt
      WHERE tt.tag_id = tags.id
        AND NOT EXISTS (
          SELECT 1 FROM rating_tags rt JOIN ratings r ON r.id = rt.rating_id
           WHERE rt.tag_id = tt.tag_id AND r.tonie_id = tt.tonie_id));
-- Those used by three or more different users count as approved; the others leave the Tonies.
UPDATE tags SET approved_at = now()
 WHERE origin = 'review'
   AND (SELECT count(DISTINCT r.user_id) FROM rating_tags rt JOIN ratings r ON r.id = rt.rating_id
         WHERE rt.tag_id = tags.id) >= 3;
DELETE FROM tonie_tags tt USING tags t
 WHERE t.id = tt.tag_id AND t.origin = 'review' AND t.approved_at IS NULL;
CREATE INDEX tags_review_waiting_idx ON tags (created_at) WHERE origin = 'review' AND approved_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- The moderators' decisions: an audit log nobody can change. Every action (dismiss, hide,
-- restore, delete, suspend, unsuspend, role changes, tag approvals) and every contest is a row;
-- rows are only ever added. No foreign keys: the log outlives the accounts and items it names,
-- so it keeps the names as they were (actor_name, target_label).
-- ---------------------------------------------------------------------------------------------

CREATE TABLE moderation_actions (
  id              integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
  actor_id        uuid,
  actor_name      text NOT NULL CHECK (char_length(actor_name) BETWEEN 1 AND 100),
  action          text NOT NULL CHECK (action IN ('dismiss', 'hide', 'restore', 'delete', 'suspend', 'unsuspend',
                                                  'grant_role', 'revoke_role', 'approve_tag', 'contest', 'uphold')),
  target_type     text NOT NULL CHECK (target_type IN ('audio', 'review', 'user', 'tag', 'report')),
  target_id       text NOT NULL CHECK (char_length(target_id) BETWEEN 1 AND 64),
  -- Whose content or account the action concerns: they get the statement of reasons.
  target_owner_id uuid,
  target_label    text CHECK (char_length(target_label) <= 300),
  -- The statement of reasons: the reason's category, the terms section cited, the facts in words.
  reason          text CHECK (reason IN ('copyright', 'illegal', 'harmful_to_children', 'spam', 'personal_data', 'other')),
  rule            text CHECK (char_length(rule) <= 64),
  statement       text CHECK (char_length(statement) <= 5000),
  suspended_until timestamptz,
  role            text CHECK (role IN ('user', 'moderator', 'admin')),
  -- The decision this row answers (a contest names the decision it contests; a restore after a
  -- contest names the contested decision).
  decision_id     integer,
  report_ids      integer[] NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_created_idx ON moderation_actions (created_at DESC, id DESC);
CREATE INDEX moderation_actions_target_idx ON moderation_actions (target_type, target_id, created_at DESC);
CREATE INDEX moderation_actions_owner_idx ON moderation_actions (target_owner_id, created_at DESC) WHERE target_owner_id IS NOT NULL;

CREATE FUNCTION moderation_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the moderation log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER moderation_actions_append_only
  BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION moderation_actions_append_only();
CREATE TRIGGER moderation_actions_no_truncate
  BEFORE TRUNCATE ON moderation_actions
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_actions_append_only();

-- ---------------------------------------------------------------------------------------------
-- Reports: notices about content from anyone (signed in or not) and messages of the contact form
-- (bugs, feedback). One open report per reporter and item.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE reports (
  id             integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
  -- The reference the reporter is given, e.g. 'TS-7KQ2-M9XD'.
  reference      text NOT NULL UNIQUE CHECK (char_length(reference) BETWEEN 4 AND 32),
  kind           text NOT NULL CHECK (kind IN ('report', 'bug', 'feedback')),
  reason         text CHECK (reason IN ('copyright', 'illegal', 'harmful_to_children', 'spam', 'personal_data', 'other')),
  target_type    text CHECK (target_type IN ('audio', 'review', 'user')),
  target_id      text CHECK (char_length(target_id) BETWEEN 1 AND 64),
  content_url    text CHECK (char_length(content_url) <= 2000),
  explanation    text NOT NULL CHECK (char_length(explanation) BETWEEN 1 AND 5000),
  reporter_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  reporter_name  text CHECK (char_length(reporter_name) <= 100),
  reporter_email text CHECK (char_length(reporter_email) <= 254),
  -- 'user:<id>' or 'email:<lower-cased address>': who reported, for the one-open-report rule.
  reporter_key   text NOT NULL CHECK (char_length(reporter_key) <= 300),
  good_faith     boolean NOT NULL DEFAULT false,
  status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  decision_id    integer REFERENCES moderation_actions (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  resolved_at    timestamptz,
  CHECK (kind <> 'report' OR (reason IS NOT NULL AND good_faith)),
  CHECK ((target_type IS NULL) = (target_id IS NULL))
);
CREATE UNIQUE INDEX reports_one_open_per_reporter_key ON reports (reporter_key, target_type, target_id)
  WHERE target_type IS NOT NULL AND status = 'open';
CREATE INDEX reports_target_idx ON reports (target_type, target_id, status);
CREATE INDEX reports_status_created_idx ON reports (status, created_at DESC);
CREATE INDEX reports_reporter_idx ON reports (reporter_id) WHERE reporter_id IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- Contests: the person a decision concerns may contest it once.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE contests (
  id          integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
  decision_id integer NOT NULL UNIQUE REFERENCES moderation_actions (id),
  user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  explanation text NOT NULL CHECK (char_length(explanation) BETWEEN 1 AND 5000),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'reversed')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX contests_open_idx ON contests (created_at) WHERE status = 'open';
