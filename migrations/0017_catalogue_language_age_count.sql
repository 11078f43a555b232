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
  tonie_count integer NOT NULL DEFAULT 0 CHECK (tonie_count >= 0),
  UNIQUE NULLS NOT DISTINCT (category, language, age_min)
);

-- Inserts and deletes count their rows; an update only the Tonies whose category, language or
-- age changed (a rating's aggregates change none of them, so rating writes neither touch nor
-- wait on these rows). Rows are changed in key order (no deadlock between two statements).
CREATE FUNCTION tonies_count_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE tonie_facet_counts c SET tonie_count = c.tonie_count - o.n
      FROM (SELECT o.category, o.language, o.age_min, count(*)::int AS n
              FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.category, o.language, o.age_min) IS DISTINCT FROM (n.category, n.language, n.age_min)
             GROUP BY 1, 2, 3) o
     WHERE c.category = o.category
       AND c.language IS NOT DISTINCT FROM o.language
       AND c.age_min IS NOT DISTINCT FROM o.age_min;
    INSERT INTO tonie_facet_counts (category, language, age_min, tonie_count)
    SELECT n.category, n.language, n.age_min, count(*)::int
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.category, o.language, o.age_min) IS DISTINCT FROM (n.category, n.language, n.age_min)
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (category, language, age_min) DO UPDATE SET tonie_count = tonie_facet_counts.tonie_count + excluded.tonie_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tonie_facet_counts c SET tonie_count = c.tonie_count - o.n
      FROM (SELECT category, language, age_min, count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3) o
     WHERE c.category = o.category
       AND c.language IS NOT DISTINCT FROM o.language
       AND c.age_min IS NOT DISTINCT FROM o.age_min;
  ELSE
    INSERT INTO tonie_facet_counts (category, language, age_min, tonie_count)
    SELECT category, language, age_min, count(*)::int FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (category, language, age_min) DO UPDATE SET tonie_count = tonie_facet_counts.tonie_count + excluded.tonie_count;
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
