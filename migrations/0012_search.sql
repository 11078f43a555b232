-- Forgiving search (issue 12), on top of 0008. Runs on PostgreSQL 15 and PGlite alike. Forward-only.

-- ---------------------------------------------------------------------------------------------
-- A fix of 0008's folding: its translate() target held one 'c' too many, so every accented
-- letter after 'č' in the list became its neighbour's letter ('è' -> 'd', 'ñ' -> 'l', 'ł' -> 'i',
-- 'ù' -> 'o', 'š' -> 'z', ...): 'Père' was folded to 'pdre' and 'Mañana' to 'malana'. Both
-- functions (search and the A to Z key) get the aligned list; the rows whose stored folds differ
-- are rewritten, which recomputes their generated columns (and index entries).
-- ---------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(
    replace(replace(replace(replace(
      translate(lower(value),
        'àáâãåāăąäçćčďđèéêëēėęěìíîïīįıłñńňòóôõōőöøùúûūůűųüýÿžźżšśşșťţțð',
        'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooouuuuuuuuyyzzzsssstttd'),
      'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'ẞ', 'ss'),
    '([aou])e', '\1', 'g'),
    '(^|[^a-z0-9])(und|and)(?=[^a-z0-9]|$)', '\1 ', 'g'),
    '[^a-z0-9]+', ' ', 'g'))
$$;

CREATE OR REPLACE FUNCTION name_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
           CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(m.part[1], greatest(12, length(m.part[1])), '0') ELSE m.part[1] END,
           '' ORDER BY m.n), '')
  FROM regexp_matches(
         btrim(replace(replace(replace(replace(
           translate(lower(value),
             'àáâãåāăąäçćčďđèéêëēėęěìíîïīįıłñńňòóôõōőöøùúûūůűųüýÿžźżšśşșťţțð',
             'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooouuuuuuuuyyzzzsssstttd'),
           'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'ẞ', 'ss')),
         '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;

-- Assigning name and series recomputes every generated column built on them (same values, the
-- category counts' trigger sees no change of category).
UPDATE tonies SET name = name, series = series
 WHERE search_text IS DISTINCT FROM search_fold(name || ' ' || coalesce(series, '') || ' ' || description)
    OR name_search IS DISTINCT FROM search_fold(name)
    OR series_search IS DISTINCT FROM search_fold(coalesce(series, ''))
    OR name_sort IS DISTINCT FROM name_sort_key(name);

-- ---------------------------------------------------------------------------------------------
-- Typo tolerance compares each search word of 4+ letters with the words of the folded name and
-- series by pg_trgm's strict word similarity (`<<%`, at pg_trgm's default threshold of 0.5, the
-- same on PostgreSQL 15 and PGlite); 'Did you mean' compares a search that found nothing with
-- every name and series by trigram similarity. 0008's tonies_name_search_trgm_idx serves the
-- names; this index serves the series, so neither ever reads the whole table.
-- ---------------------------------------------------------------------------------------------

CREATE INDEX tonies_series_search_trgm_idx ON tonies USING gin (series_search gin_trgm_ops);
