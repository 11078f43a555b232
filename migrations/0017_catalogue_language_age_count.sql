-- Totals of the language and age filters without counting Tonies (issue 16). A list filtered by
-- language and/or age ('English editions, suits 5': language in (en-GB, en-US), age_min <= 5)
-- counted its matches in the same statement as its page: tens of thousands of index entries,
-- or (language and age together) a sequential scan of every Tonie, 46–82 req/s on 100,000
-- Tonies. Tonies per (category, language, minimum age), kept by statement-level triggers like
-- tonie_category_counts (0001): such a total is the sum of a few of these rows
-- (server/src/repositories/tonies.ts, facetCount). A Tonie without a language or an age is
-- counted under NULL (one row: unique with NULLS NOT DISTINCT, PostgreSQL 15 and PGlite).
CREATE TABLE tonie_facet_counts (
  category    text NOT NULL,
  language    text,
  age_min     smallint,
  -- No CHECK (>= 0) as tonie_category_counts has: a change arrives as one upsert of signed
  -- differences (below), and PostgreSQL checks the proposed row of an upsert before it finds the
  -- conflict, so a decrease would be refused although it only updates an existing row.
  tonie_count integer NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (category, language, age_min)
);

-- Each statement applies one signed difference per (category, language, age) in ONE upsert, in
-- key order: two statements lock the rows they share in the same order, so they cannot deadlock.
-- An update's difference is its new rows minus its old rows per key; a rating's aggregates
-- change no key, so it writes (and waits on) nothing here.
CREATE FUNCTION tonies_count_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tonie_facet_counts AS c (category, language, age_min, tonie_count)
    SELECT category, language, age_min, count(*)::int FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (category, language, age_min) DO UPDATE SET tonie_count = c.tonie_count + excluded.tonie_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tonie_facet_counts AS c (category, language, age_min, tonie_count)
    SELECT category, language, age_min, -count(*)::int FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (category, language, age_min) DO UPDATE SET tonie_count = c.tonie_count + excluded.tonie_count;
  ELSE
    INSERT INTO tonie_facet_counts AS c (category, language, age_min, tonie_count)
    SELECT category, language, age_min, sum(d)::int
      FROM (SELECT category, language, age_min, 1 AS d FROM new_rows
            UNION ALL
            SELECT category, language, age_min, -1 FROM old_rows) x
     GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (category, language, age_min) DO UPDATE SET tonie_count = c.tonie_count + excluded.tonie_count;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tonies_count_facets_insert AFTER INSERT ON tonies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tonies_count_facets();
CREATE TRIGGER tonies_count_facets_update AFTER UPDATE ON tonies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tonies_count_facets();
CREATE TRIGGER tonies_count_facets_delete AFTER DELETE ON tonies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tonies_count_facets();

-- The Tonies already there.
INSERT INTO tonie_facet_counts (category, language, age_min, tonie_count)
  SELECT category, language, age_min, count(*)::int FROM tonies GROUP BY 1, 2, 3;
