-- Reviews that can be edited, and reviews that outlive their author's account.
-- Runs on PostgreSQL 15 and PGlite (PostgreSQL 18). Forward-only: never edit once landed.

-- When the author last changed the stars, text or tags; NULL until the first edit ('Edited').
ALTER TABLE ratings ADD COLUMN edited_at timestamptz;

-- A deleted account may leave its reviews behind, without an author: they show as 'Anonymous'.
-- (The account deletion sets user_id to NULL before it deletes the user, so the ON DELETE CASCADE
-- of the foreign key only removes the reviews of accounts deleted without that step.)
-- ratings_one_per_user UNIQUE (tonie_id, user_id) still allows one review per Tonie per account:
-- NULLs are distinct, so any number of authorless reviews can stay on a Tonie.
ALTER TABLE ratings ALTER COLUMN user_id DROP NOT NULL;

-- The aggregates need nothing new: ratings_keep_aggregates (0001) already follows UPDATE OF rating
-- (rating_sum changes by the difference) and DELETE (rating_count and rating_sum go down), and
-- setting user_id to NULL touches neither.
