-- A one-word catalogue search without reading every match (issue 16). The search (issue 12,
-- server/src/repositories/tonie-search.ts) reads, rechecks and ranks every matching row of
-- tonies to sort and count them: "moon" in the benchmark's catalogue is 5,797 rows on 3,788
-- heap pages plus a typo check (strict word similarity) of the names and series the trigram
-- indexes offer, about 12 ms of CPU per search, whatever the page.
--
-- A search word is letters and digits only (search_fold), and the folded texts are words with
-- one space between them, so "the text contains the word" is "some word of the text contains
-- it". Two tables of words:
--   search_vocabulary   every distinct folded word of any name, series or description, with a
--                       trigram index: the words containing a search word (LIKE), and the words
--                       close to it (`%`), are found among words, not among Tonies;
--   tonie_search_words  one row per (word, Tonie): the word's class as a one-word search's
--                       relevance (0 the whole name, 1 the name's first word, 2 in the name,
--                       3 in the series, 4 only in the description) and the Tonie's release
--                       date, in one index ordered like the search's
--                       pages (word, class, newest release, newest added): a one-word search
--                       walks it per vocabulary word and class, stops after the page, counts
--                       the words' rows index-only and reads only the page's rows from tonies
--                       (server/src/repositories/tonies.ts, oneWordPage).
--
-- Triggers keep the words: after an insert statement (once for all its rows, from its transition
-- table), after a Tonie's folded texts or release date change (row by row; not on rating
-- updates), and on delete (cascade). Words of deleted texts stay in the
-- vocabulary (a word without rows finds nothing). Runs on PostgreSQL 15 and PGlite alike.
--
-- Words longer than 200 characters (a search is at most 200) are not in these tables: a btree
-- entry holds at most ~2,700 bytes, and a catalogue text with one long run of letters (a
-- scraped description without spaces) must still import. Such a word goes, with its Tonie, into
-- tonie_search_long_words, and a search word contained in one of them ranks every match (the
-- word index would miss that Tonie); normally that table is empty.

CREATE TABLE search_vocabulary (
  word text PRIMARY KEY
);
CREATE INDEX search_vocabulary_trgm_idx ON search_vocabulary USING gin (word gin_trgm_ops);

CREATE TABLE tonie_search_words (
  word         text NOT NULL,
  tonie_id     integer NOT NULL REFERENCES tonies (id) ON DELETE CASCADE,
  -- Where the word stands, as a one-word search's relevance: 0 it is the whole name, 1 the name's
  -- first word, 2 in the name, 3 in the series, 4 only in the description.
  word_class   smallint NOT NULL,
  release_date date
);
-- One row per (word, Tonie) (the function below groups by word), in the order of a one-word
-- search's pages; index-only.
CREATE INDEX tonie_search_words_idx ON tonie_search_words (word, word_class, release_date DESC NULLS LAST, tonie_id DESC);
CREATE INDEX tonie_search_words_tonie_idx ON tonie_search_words (tonie_id);

-- The words too long for the tables above, with their Tonie (read whole: a LIKE per search).
CREATE TABLE tonie_search_long_words (
  tonie_id integer NOT NULL REFERENCES tonies (id) ON DELETE CASCADE,
  word     text NOT NULL
);
CREATE INDEX tonie_search_long_words_tonie_idx ON tonie_search_long_words (tonie_id);

-- The rows of one Tonie's words (from its folded columns).
CREATE FUNCTION tonie_search_words_of(t_id integer, t_name text, t_series text, t_text text, t_release date)
RETURNS TABLE (word text, tonie_id integer, word_class smallint, release_date date)
LANGUAGE sql STABLE AS $$
  SELECT w.word, t_id,
         (CASE WHEN bool_or(w.pos = 1) AND (SELECT count(*) FROM regexp_split_to_table(t_name, ' ') x WHERE x <> '') = 1 THEN 0
               WHEN bool_or(w.pos = 1) THEN 1
               WHEN bool_or(w.field = 1) THEN 2
               WHEN bool_or(w.field = 2) THEN 3
               ELSE 4 END)::smallint,
         t_release
    FROM (SELECT n.word, 1 AS field, n.pos FROM regexp_split_to_table(t_name, ' ') WITH ORDINALITY AS n(word, pos)
          UNION ALL
          SELECT s, 2, NULL FROM regexp_split_to_table(t_series, ' ') s
          UNION ALL
          SELECT d, 3, NULL FROM regexp_split_to_table(t_text, ' ') d) w
   WHERE w.word <> '' AND length(w.word) <= 200
   GROUP BY w.word
$$;

-- Inserts, once per statement (an import writes its Tonies 1,000 to a statement): the new rows'
-- words go into the vocabulary sorted, once for the statement (two statements adding the same
-- new words take them in the same order: no deadlock between them), then their rows in word
-- order (the word index is filled in its own order).
CREATE FUNCTION tonie_search_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM new_tonies n, regexp_split_to_table(n.search_text, ' ') w WHERE w <> '' AND length(w) <= 200 ORDER BY 1
    ON CONFLICT (word) DO NOTHING;
  INSERT INTO tonie_search_words
    SELECT x.* FROM new_tonies n, tonie_search_words_of(n.id, n.name_search, n.series_search, n.search_text, n.release_date) x
     ORDER BY x.word, x.word_class;
  INSERT INTO tonie_search_long_words
    SELECT DISTINCT n.id, w FROM new_tonies n, regexp_split_to_table(n.search_text, ' ') w WHERE length(w) > 200;
  RETURN NULL;
END;
$$;

-- Updates, row by row: only a Tonie whose folded texts or release date change (a rating's
-- aggregates do not fire it; a statement-level trigger with transition tables could not have
-- this condition and would copy the rows of every rating's update).
CREATE FUNCTION tonie_search_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tonie_search_words WHERE tonie_id = OLD.id;
  DELETE FROM tonie_search_long_words WHERE tonie_id = OLD.id;
  INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, ' ') w WHERE w <> '' AND length(w) <= 200 ORDER BY 1
    ON CONFLICT (word) DO NOTHING;
  INSERT INTO tonie_search_words
    SELECT * FROM tonie_search_words_of(NEW.id, NEW.name_search, NEW.series_search, NEW.search_text, NEW.release_date);
  INSERT INTO tonie_search_long_words
    SELECT DISTINCT NEW.id, w FROM regexp_split_to_table(NEW.search_text, ' ') w WHERE length(w) > 200;
  RETURN NULL;
END;
$$;

CREATE TRIGGER tonies_search_words_insert AFTER INSERT ON tonies
  REFERENCING NEW TABLE AS new_tonies
  FOR EACH STATEMENT EXECUTE FUNCTION tonie_search_words_insert();
CREATE TRIGGER tonies_search_words_update AFTER UPDATE ON tonies
  FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
        OR OLD.name_search IS DISTINCT FROM NEW.name_search
        OR OLD.series_search IS DISTINCT FROM NEW.series_search
        OR OLD.release_date IS DISTINCT FROM NEW.release_date)
  EXECUTE FUNCTION tonie_search_words_refresh();

-- The Tonies already there.
INSERT INTO search_vocabulary (word)
  SELECT DISTINCT w FROM tonies, regexp_split_to_table(search_text, ' ') w WHERE w <> '' AND length(w) <= 200 ORDER BY 1;
INSERT INTO tonie_search_words
  SELECT x.* FROM tonies t, tonie_search_words_of(t.id, t.name_search, t.series_search, t.search_text, t.release_date) x;
INSERT INTO tonie_search_long_words
  SELECT DISTINCT t.id, w FROM tonies t, regexp_split_to_table(t.search_text, ' ') w WHERE length(w) > 200;
ANALYZE search_vocabulary;
ANALYZE tonie_search_words;
