-- The catalogue's search index (issue 33, server/src/search/) lives in each server process and is
-- kept current from this log: every change of what it indexes (a Tonie's name, series, description
-- or release date, its tags, a tag's name; inserts and deletes) leaves the Tonie's id here, by
-- triggers, whoever writes (the importer, the daily sync, reviews, moderation, a CLI in another
-- process). An instance told of a catalogue change (LISTEN/NOTIFY, or in-process on PGlite) reads
-- the rows after its position and re-reads those Tonies. Rows older than a day are removed by the
-- hourly cleanup; an instance that fell further behind rebuilds its index.

CREATE TABLE tonie_search_changes (
  seq        bigserial PRIMARY KEY,
  tonie_id   integer NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tonie_search_changes_changed_at_idx ON tonie_search_changes (changed_at);

CREATE FUNCTION tonie_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tonie_search_changes (tonie_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;

-- Rating counts update tonies too: only rows whose indexed fields changed are logged.
CREATE FUNCTION tonie_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tonie_search_changes (tonie_id)
  SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE (n.name, n.series, n.description, n.release_date) IS DISTINCT FROM (o.name, o.series, o.description, o.release_date);
  RETURN NULL;
END $$;

CREATE FUNCTION tonie_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tonie_search_changes (tonie_id) SELECT id FROM old_rows;
  RETURN NULL;
END $$;

CREATE TRIGGER tonies_search_changes_insert AFTER INSERT ON tonies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tonie_search_inserted();
CREATE TRIGGER tonies_search_changes_update AFTER UPDATE ON tonies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tonie_search_updated();
CREATE TRIGGER tonies_search_changes_delete AFTER DELETE ON tonies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tonie_search_deleted();

CREATE FUNCTION tonie_tags_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tonie_search_changes (tonie_id) SELECT DISTINCT tonie_id FROM new_rows;
  ELSE
    INSERT INTO tonie_search_changes (tonie_id) SELECT DISTINCT tonie_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER tonie_tags_search_changes_insert AFTER INSERT ON tonie_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tonie_tags_search_changed();
CREATE TRIGGER tonie_tags_search_changes_delete AFTER DELETE ON tonie_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tonie_tags_search_changed();

CREATE FUNCTION tags_search_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tonie_search_changes (tonie_id)
  SELECT DISTINCT tt.tonie_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN tonie_tags tt ON tt.tag_id = n.id
   WHERE n.name IS DISTINCT FROM o.name;
  RETURN NULL;
END $$;

CREATE TRIGGER tags_search_changes_update AFTER UPDATE ON tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tags_search_renamed();
