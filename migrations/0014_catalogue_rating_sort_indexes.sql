-- 'Highest rated' and 'Lowest rated' break ties by the name's sort key (0008: name_sort COLLATE
-- "C"), but their indexes (0001) still ended in the raw name. A page then had to read every Tonie
-- of the top (average, count) group and sort it: on a catalogue where thousands of Tonies share
-- one average (all five-star Tonies with as many ratings), that is thousands of rows for 12.
-- The indexes now hold the sort's keys exactly, so a page (and a deep page's ids, index only) is
-- read in order and stops after its rows.
DROP INDEX tonies_rating_high_idx;
DROP INDEX tonies_rating_low_idx;
DROP INDEX tonies_category_rating_high_idx;
DROP INDEX tonies_category_rating_low_idx;
CREATE INDEX tonies_rating_high_idx ON tonies (rating_avg DESC NULLS LAST, rating_count DESC, name_sort COLLATE "C", id);
CREATE INDEX tonies_rating_low_idx ON tonies (rating_avg ASC NULLS LAST, rating_count DESC, name_sort COLLATE "C", id);
CREATE INDEX tonies_category_rating_high_idx ON tonies (category, rating_avg DESC NULLS LAST, rating_count DESC, name_sort COLLATE "C", id);
CREATE INDEX tonies_category_rating_low_idx ON tonies (category, rating_avg ASC NULLS LAST, rating_count DESC, name_sort COLLATE "C", id);
