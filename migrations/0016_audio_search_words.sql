-- Discover's search words without reading the files' rows. A search word matches a file when it
-- occurs anywhere in the file's search_text (lower-cased title and description; see
-- matchesAllTerms). The trigram index over search_text finds the candidates, but LIKE on
-- trigrams always rechecks the row: a word in 1 of 25 of 100,000 files read 2,300 table pages
-- to count them (20 ms a search). Here the visible files' texts are cut into words at ASCII
-- whitespace (the words of a search are cut at every whitespace the server knows, a superset,
-- so a search word never spans two of these words and occurs in the text exactly when it
-- occurs in one of its words), each distinct word stored once with a trigram index
-- (audio_search_words: a few thousand rows), and each visible file linked to its words
-- (audio_file_words, by word then file). A search reads the handful of words that contain it,
-- then their files from the links' primary key alone (an index-only scan): counting 2,900
-- files reads about 20 index pages.
--
-- Only files others may see (published, not hidden, owner not suspended: audio_visible below, the
-- rule of visibleAudio and of Discover's partial indexes) have links, kept by triggers on every
-- insert and on every change of the text or of the visibility (publishing, unpublishing, hiding,
-- a suspension and its end, an edit); deleting a file deletes its links (ON DELETE CASCADE). A
-- like, a download or an analysis changes none of these columns and fires nothing.
--
-- A word may be of any length (a description of 1,000 CJK characters without a space is one
-- word): the words are unique on their md5, not on the word itself (a btree entry holds at most
-- 2,704 bytes), and stored whole, so a search word of any length finds them. The trigram index
-- has no such limit (its entries are trigrams).
--
-- Words whose last file went are removed by removeUnusedSearchWords (repositories/audio.ts) under
-- an exclusive advisory lock it only tries for; the triggers hold the same lock shared from before
-- they look a word up until their transaction ends, so a word is never removed between a
-- trigger finding it and its link being committed.

-- Whether a file shows to others (the rule of visibleAudio in repositories/audio.ts).
CREATE FUNCTION audio_visible(status text, hidden_at timestamptz, owner_suspended boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status = 'published' AND hidden_at IS NULL AND NOT owner_suspended
$$;

CREATE TABLE audio_search_words (
  id   integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  word text NOT NULL
);
CREATE UNIQUE INDEX audio_search_words_word_key ON audio_search_words (md5(word));
CREATE INDEX audio_search_words_trgm_idx ON audio_search_words USING gin (word gin_trgm_ops);

CREATE TABLE audio_file_words (
  word_id       integer NOT NULL REFERENCES audio_search_words (id),
  audio_file_id integer NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  PRIMARY KEY (word_id, audio_file_id)
);
-- A file's words (updates, deletes, and a Discover page walking a sort's index checks each file on it).
CREATE INDEX audio_file_words_file_idx ON audio_file_words (audio_file_id, word_id);

-- The distinct words of a search text, cut at ASCII whitespace (never empty).
CREATE FUNCTION audio_text_words(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(t, '[ \t\n\r\f\v]+') AS w WHERE w <> ''
$$;

-- Links the visible files among `files` (id and search text) to the words of their texts,
-- creating words seen for the first time (in md5 order, the unique index's, so concurrent
-- inserts never wait on each other in opposite orders). Takes the words' lock shared first (see
-- above), until the transaction ends.
CREATE FUNCTION audio_link_words(files jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('tonieshelf:audio-search-words', 0));
  INSERT INTO audio_search_words (word)
    SELECT w FROM (SELECT DISTINCT w FROM jsonb_to_recordset(files) AS f(id int, search_text text), audio_text_words(f.search_text) AS w) d
     ORDER BY md5(w)
    ON CONFLICT ((md5(word))) DO NOTHING;
  INSERT INTO audio_file_words (word_id, audio_file_id)
    SELECT sw.id, f.id
      FROM jsonb_to_recordset(files) AS f(id int, search_text text)
     CROSS JOIN LATERAL audio_text_words(f.search_text) AS w
      JOIN audio_search_words sw ON md5(sw.word) = md5(w) AND sw.word = w;
END;
$$;

-- The triggers' function: an UPDATE's row, or each visible row of an INSERT's transition table.
CREATE FUNCTION audio_files_link_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    DELETE FROM audio_file_words WHERE audio_file_id = OLD.id;
    IF audio_visible(NEW.status, NEW.hidden_at, NEW.owner_suspended) THEN
      PERFORM audio_link_words(jsonb_build_array(jsonb_build_object('id', NEW.id, 'search_text', NEW.search_text)));
    END IF;
    RETURN NULL;
  END IF;
  PERFORM audio_link_words(coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'search_text', f.search_text)), '[]'))
     FROM new_rows f WHERE audio_visible(f.status, f.hidden_at, f.owner_suspended);
  RETURN NULL;
END;
$$;

-- Inserts link their files in one go (an import of many files is one statement).
CREATE TRIGGER audio_files_link_words_insert AFTER INSERT ON audio_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audio_files_link_words();
-- Updates file by file, and only when the text or the visibility changes (not for a like's
-- count, a download or an analysis: their columns are not listed, so nothing fires).
CREATE TRIGGER audio_files_link_words_update AFTER UPDATE OF title, description, status, hidden_at, owner_suspended ON audio_files
  FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
        OR audio_visible(OLD.status, OLD.hidden_at, OLD.owner_suspended) IS DISTINCT FROM audio_visible(NEW.status, NEW.hidden_at, NEW.owner_suspended))
  EXECUTE FUNCTION audio_files_link_words();

-- The words of the files there are (the triggers above exist already and hold off every write
-- to audio_files until this migration commits).
SELECT audio_link_words(coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'search_text', f.search_text)), '[]'))
  FROM audio_files f WHERE audio_visible(f.status, f.hidden_at, f.owner_suspended);
ANALYZE audio_search_words;
ANALYZE audio_file_words;
