-- The language filter's index also holds the minimum age (issue 16). A list filtered by language
-- and age ('English editions, suits 5': language in (en-GB, en-US), age_min <= 5) counts its
-- matches in the same statement as its page. The index held only (language, release, id), so
-- the age was on the heap and PostgreSQL counted with a sequential scan of every Tonie (82 req/s
-- on 100,000 Tonies). With age_min included, the count is an index-only scan of the chosen
-- languages' entries, and a page by newest still walks the same index in order.
DROP INDEX tonies_language_idx;
CREATE INDEX tonies_language_idx ON tonies (language, release_date DESC NULLS LAST, id DESC) INCLUDE (age_min);
