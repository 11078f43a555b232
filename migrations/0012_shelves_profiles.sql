-- Shelves (Own, Wishlist, Favourites), their share links, public profiles and helpful votes on
-- reviews. Runs on PostgreSQL 15 and PGlite (PostgreSQL 18). Forward-only.

-- ---------------------------------------------------------------------------------------------
-- Shelves. One row per user and Tonie (the primary key makes every shelf write idempotent, also
-- under races): `status` is 'own' or 'wishlist' (they exclude each other) or NULL; `favourite`
-- combines with either. A row with neither is deleted by the write that emptied it (and is never
-- shown if one is left by a race). The *_at columns are when the Tonie went onto that shelf.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE shelf_items (
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tonie_id      integer NOT NULL REFERENCES tonies (id) ON DELETE CASCADE,
  status        text CHECK (status IN ('own', 'wishlist')),
  status_at     timestamptz,
  favourite     boolean NOT NULL DEFAULT false,
  favourite_at  timestamptz,
  CONSTRAINT shelf_items_status_at CHECK ((status IS NULL) = (status_at IS NULL)),
  CONSTRAINT shelf_items_favourite_at CHECK (favourite = (favourite_at IS NOT NULL)),
  PRIMARY KEY (user_id, tonie_id)
);
-- A shelf's Tonies, newest added first (the /shelves tabs, exports, share links, profiles).
CREATE INDEX shelf_items_status_idx ON shelf_items (user_id, status, status_at DESC, tonie_id) WHERE status IS NOT NULL;
CREATE INDEX shelf_items_favourite_idx ON shelf_items (user_id, favourite_at DESC, tonie_id) WHERE favourite;
-- ON DELETE CASCADE from tonies (an import removing a Tonie) finds the rows by Tonie.
CREATE INDEX shelf_items_tonie_idx ON shelf_items (tonie_id);

-- A shelf shared by link: the row exists while sharing is on; renewing replaces the token (the
-- old link dies at once); turning sharing off deletes the row. The token is 32 random bytes,
-- base64url: it is the link, shown again to its owner, so it is stored as it is.
CREATE TABLE shelf_shares (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shelf      text NOT NULL CHECK (shelf IN ('own', 'wishlist', 'favourites')),
  token      text NOT NULL UNIQUE CHECK (char_length(token) BETWEEN 20 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, shelf)
);

-- ---------------------------------------------------------------------------------------------
-- Profiles: which shelves the profile /u/{username} shows (none by default) and whether it lists
-- the user's reviews (yes by default; the reviews stay on their Tonies either way).
-- ---------------------------------------------------------------------------------------------

ALTER TABLE users ADD COLUMN profile_shelves text[] NOT NULL DEFAULT '{}'
  CHECK (profile_shelves <@ ARRAY['own', 'wishlist', 'favourites']::text[]);
ALTER TABLE users ADD COLUMN profile_reviews_hidden boolean NOT NULL DEFAULT false;

-- A profile's reviews, newest first.
CREATE INDEX ratings_user_created_idx ON ratings (user_id, created_at DESC, id DESC);

-- ---------------------------------------------------------------------------------------------
-- Helpful votes on reviews: one per user and review (the primary key), never the author's own
-- (checked by the service, which knows the author). ratings.helpful_count is kept by trigger.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE ratings ADD COLUMN helpful_count integer NOT NULL DEFAULT 0 CHECK (helpful_count >= 0);
-- A Tonie's reviews, most helpful first.
CREATE INDEX ratings_tonie_helpful_idx ON ratings (tonie_id, helpful_count DESC, created_at DESC, id DESC);

CREATE TABLE review_votes (
  rating_id  integer NOT NULL REFERENCES ratings (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rating_id, user_id)
);
CREATE INDEX review_votes_user_idx ON review_votes (user_id, rating_id);

CREATE OR REPLACE FUNCTION review_votes_keep_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE ratings SET helpful_count = helpful_count + 1 WHERE id = NEW.rating_id;
  ELSE
    UPDATE ratings SET helpful_count = greatest(helpful_count - 1, 0) WHERE id = OLD.rating_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER review_votes_keep_count
  AFTER INSERT OR DELETE ON review_votes
  FOR EACH ROW EXECUTE FUNCTION review_votes_keep_count();
