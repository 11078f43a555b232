-- Sets take part in trust and safety like audio files: anyone can report a set, moderators hide,
-- restore and delete it with a statement of reasons, and the audit log names it. Runs on
-- PostgreSQL 15 and PGlite (PostgreSQL 18). Forward-only.
--
-- The CHECKs below were written inline in 0007, so they carry PostgreSQL's default names
-- (<table>_<column>_check); they are dropped by those names and added again under the same ones.

-- ---------------------------------------------------------------------------------------------
-- Reports may name a set (target_id: the set's id as text, as for audio files and reviews).
-- The one-open-report index (reporter_key, target_type, target_id) covers sets unchanged.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE reports DROP CONSTRAINT reports_target_type_check;
ALTER TABLE reports ADD CONSTRAINT reports_target_type_check
  CHECK (target_type IN ('audio', 'review', 'user', 'set'));

-- ---------------------------------------------------------------------------------------------
-- The audit log may name a set. Only the CHECK changes: the log stays append-only (its triggers
-- refuse UPDATE, DELETE and TRUNCATE, and ALTER TABLE ... ADD CONSTRAINT checks the existing rows
-- without changing them).
-- ---------------------------------------------------------------------------------------------

ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_target_type_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_target_type_check
  CHECK (target_type IN ('audio', 'review', 'user', 'tag', 'report', 'set'));

