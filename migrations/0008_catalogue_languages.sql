-- The real catalogue for German- and English-speaking families: forgiving search (German folding,
-- trigram typo tolerance), a sort key for names (accents folded, numbers in numeric order),
-- 'Newest First' by release date, filters by language, age and series, and each user's
-- interface language (for the mails the server sends). Runs on PostgreSQL 15 and PGlite
-- (PostgreSQL 18) alike: everything here is plain SQL, no ICU or unaccent. Forward-only.

-- ---------------------------------------------------------------------------------------------
-- Folding for search. Both the stored text and every search word go through search_fold, so
-- 'Blümchen', 'Bluemchen' and 'blumchen' all become 'blumchen': lower case; accents dropped;
-- ä/ö/ü and ae/oe/ue to a/o/u; ß to ss; '&', 'und', 'and' dropped (so 'Bibi und Tina' is
-- 'Bibi & Tina'); anything not a letter or digit (hyphens included) is one space.
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      translate(lower(value),
        'àÀáÁâÂãÃåÅāĀăĂąĄäÄçÇćĆčČďĎđĐèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪįĮıłŁñÑńŃňŇòÒóÓôÔõÕōŌőŐöÖøØùÙúÚûÛūŪůŮűŰųŲüÜýÝÿŸžŽźŹżŻšŠśŚşŞșȘťŤţŢțȚðÐİ',
        'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeiiiiiiiiiiiiillnnnnnnoooooooooooooooouuuuuuuuuuuuuuuuyyyyzzzzzzssssssssttttttddi'),
      'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'ẞ', 'ss'), 'Æ', 'ae'), 'Œ', 'oe'),
    '([aou])e', '\1', 'g'),
    '(^|[^a-z0-9])(und|and)(?=[^a-z0-9]|$)', '\1 ', 'g'),
    '[^a-z0-9]+', ' ', 'g'))
$$;

-- ---------------------------------------------------------------------------------------------
-- A sort key for names that orders like ICU for German and English: case and accents ignored
-- ('À la ferme' among the A's, 'Äpfel' as 'Apfel'), numbers in numeric order ('Ages 2+' before
-- 'Ages 10+': digit runs are zero-padded). Compared with COLLATE "C", so both engines agree.
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION name_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
           CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(m.part[1], greatest(12, length(m.part[1])), '0') ELSE m.part[1] END,
           '' ORDER BY m.n), '')
  FROM regexp_matches(
         btrim(replace(replace(replace(replace(replace(replace(
           translate(lower(value),
             'àÀáÁâÂãÃåÅāĀăĂąĄäÄçÇćĆčČďĎđĐèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪįĮıłŁñÑńŃňŇòÒóÓôÔõÕōŌőŐöÖøØùÙúÚûÛūŪůŮűŰųŲüÜýÝÿŸžŽźŹżŻšŠśŚşŞșȘťŤţŢțȚðÐİ',
             'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeiiiiiiiiiiiiillnnnnnnoooooooooooooooouuuuuuuuuuuuuuuuyyyyzzzzzzssssssssttttttddi'),
           'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'ẞ', 'ss'), 'Æ', 'ae'), 'Œ', 'oe')),
         '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;

-- search_text (0001: lower-cased name, series, description) becomes folded; the name and the
-- series get folded columns of their own for ranking and the quick search.
ALTER TABLE tonies DROP COLUMN search_text;
DROP INDEX IF EXISTS tonies_name_trgm_idx;
ALTER TABLE tonies
  ADD COLUMN search_text text GENERATED ALWAYS AS (search_fold(name || ' ' || coalesce(series, '') || ' ' || description)) STORED,
  ADD COLUMN name_search text GENERATED ALWAYS AS (search_fold(name)) STORED,
  ADD COLUMN series_search text GENERATED ALWAYS AS (search_fold(coalesce(series, ''))) STORED,
  ADD COLUMN name_sort text GENERATED ALWAYS AS (name_sort_key(name)) STORED;
CREATE INDEX tonies_search_trgm_idx ON tonies USING gin (search_text gin_trgm_ops);
CREATE INDEX tonies_name_search_trgm_idx ON tonies USING gin (name_search gin_trgm_ops);
-- Typo tolerance compares each search word of 4+ letters with the words of the folded name and
-- series by pg_trgm's strict word similarity (`<<%`, at pg_trgm's default threshold of 0.5 on
-- both engines); 'Did you mean' compares a search that found nothing with every name and series
-- by trigram similarity. These two indexes serve them, so neither reads the whole table.
CREATE INDEX tonies_series_search_trgm_idx ON tonies USING gin (series_search gin_trgm_ops);

-- ---------------------------------------------------------------------------------------------
-- Sorts and filters
-- ---------------------------------------------------------------------------------------------

-- 'A to Z' by the sort key.
DROP INDEX tonies_name_idx;
DROP INDEX tonies_category_name_idx;
CREATE INDEX tonies_name_sort_idx ON tonies (name_sort COLLATE "C", id);
CREATE INDEX tonies_category_name_sort_idx ON tonies (category, name_sort COLLATE "C", id);

-- 'Newest First' by release date (PRODUCT.md), ties newest added first.
CREATE INDEX tonies_release_idx ON tonies (release_date DESC NULLS LAST, id DESC);
CREATE INDEX tonies_category_release_idx ON tonies (category, release_date DESC NULLS LAST, id DESC);

-- Language (with counts), 'suits a child of N' (age_min <= N) and a series' episodes.
-- The language filter's pages in 'Newest First' order and its counts (the interface language
-- preselects it, so it is the catalogue's usual first view).
CREATE INDEX tonies_language_idx ON tonies (language, release_date DESC NULLS LAST, id DESC);
CREATE INDEX tonies_age_min_idx ON tonies (age_min);
CREATE INDEX tonies_series_idx ON tonies (series, name_sort COLLATE "C", id);

-- ---------------------------------------------------------------------------------------------
-- Each user's interface language, for the mails the server sends them.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de'));
