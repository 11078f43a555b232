-- Discover's totals without counting: how many files others may see (published, not hidden by
-- moderators, owner not suspended: the rule of visibleAudio in server/src/repositories/audio.ts
-- and of Discover's partial indexes), per licence, kept by statement-level triggers on
-- audio_files as tonie_category_counts is for the catalogue. Every path that changes what shows
-- goes through audio_files' rows: publishing (also a set publishing its owner's draft chapters),
-- unpublishing, deleting (also by a moderator, and with the owner's account through ON DELETE
-- CASCADE, which fires these triggers), hiding and unhiding, a suspension and its end
-- (owner_suspended), a licence change. Unfiltered Discover reads the sum of a handful of rows;
-- the licence filter reads one.
--
-- Each statement adds its net change per licence (transition tables), with UPDATE ... SET n =
-- n + delta under the row's lock, so concurrent writers never lose a count; a statement that
-- changes no file's visibility or licence (a like, a download, an edit) writes nothing here and
-- takes no lock. Licences are visited in name order, so two statements never wait on each other
-- in opposite orders.

CREATE TABLE audio_discover_counts (
  licence       text PRIMARY KEY,
  visible_count bigint NOT NULL CHECK (visible_count >= 0)
);

-- Adds `n` (not 0) to the licence's count; a licence seen for the first time gets its row.
CREATE FUNCTION audio_discover_add(lic text, n bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audio_discover_counts SET visible_count = visible_count + n WHERE licence = lic;
  IF NOT FOUND THEN
    -- Only a gain can meet a missing row (a loss was counted before): insert it, or add to the
    -- row a concurrent statement inserted meanwhile.
    INSERT INTO audio_discover_counts (licence, visible_count) VALUES (lic, n)
      ON CONFLICT (licence) DO UPDATE SET visible_count = audio_discover_counts.visible_count + excluded.visible_count;
  END IF;
END;
$$;

CREATE FUNCTION audio_files_count_visible() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT licence, count(*) AS n FROM new_rows
              WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended
              GROUP BY licence ORDER BY licence LOOP
      PERFORM audio_discover_add(d.licence, d.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT licence, count(*) AS n FROM old_rows
              WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended
              GROUP BY licence ORDER BY licence LOOP
      PERFORM audio_discover_add(d.licence, -d.n);
    END LOOP;
  ELSE
    FOR d IN SELECT licence, sum(delta) AS n
               FROM (SELECT licence, -1 AS delta FROM old_rows
                      WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended
                     UNION ALL
                     SELECT licence, 1 FROM new_rows
                      WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended) c
              GROUP BY licence HAVING sum(delta) <> 0 ORDER BY licence LOOP
      PERFORM audio_discover_add(d.licence, d.n::bigint);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER audio_files_count_visible_insert AFTER INSERT ON audio_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audio_files_count_visible();
CREATE TRIGGER audio_files_count_visible_update AFTER UPDATE ON audio_files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audio_files_count_visible();
CREATE TRIGGER audio_files_count_visible_delete AFTER DELETE ON audio_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audio_files_count_visible();

-- TRUNCATE fires no DELETE trigger: it empties the counts with the table.
CREATE FUNCTION audio_files_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audio_discover_counts;
  RETURN NULL;
END;
$$;
CREATE TRIGGER audio_files_count_visible_truncate AFTER TRUNCATE ON audio_files
  FOR EACH STATEMENT EXECUTE FUNCTION audio_files_count_truncated();

-- The counts of the files there are. The triggers above exist already and CREATE TRIGGER holds
-- a lock on audio_files that keeps out every write until this migration commits, so no write
-- falls between this count and the triggers.
INSERT INTO audio_discover_counts (licence, visible_count)
SELECT licence, count(*) FROM audio_files
 WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended
 GROUP BY licence;

-- Deep A-Z and Z-A pages: a page's ids are chosen on the sort's index first (pageOf in
-- repositories/audio.ts), which is an index-only scan only when the index holds every column the
-- choice reads. The planner does not see that lower(title) needs no title from the table, so the
-- title rides along in the index: page 500 skips 6,000 index entries instead of reading 6,000 rows.
DROP INDEX audio_files_title_idx;
CREATE INDEX audio_files_title_idx ON audio_files (lower(title), id) INCLUDE (title)
  WHERE status = 'published' AND hidden_at IS NULL AND NOT owner_suspended;
