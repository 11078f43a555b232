-- Limits against abuse: a download counts once per user and file, rate-limited actions
-- (registrations, phone codes) leave a timestamped event each, and an account holds at most one
-- phone factor whose setup is unfinished. Runs on PostgreSQL 15 and PGlite (PostgreSQL 18).

-- Who downloaded which file: audio_files.download_count grows only with a new row here.
CREATE TABLE audio_downloads (
  audio_file_id integer NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (audio_file_id, user_id)
);
CREATE INDEX audio_downloads_user_idx ON audio_downloads (user_id);

CREATE FUNCTION audio_downloads_keep_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audio_files SET download_count = download_count + 1 WHERE id = NEW.audio_file_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER audio_downloads_keep_count
  AFTER INSERT ON audio_downloads
  FOR EACH ROW EXECUTE FUNCTION audio_downloads_keep_count();

-- One row per counted action under a key such as 'register:ip:203.0.113.7' or 'sms:user:<id>';
-- the limits count rows in sliding windows (at most a day; older rows are cleaned up hourly).
CREATE TABLE rate_events (
  id         bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  key        text NOT NULL CHECK (char_length(key) <= 300),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_key_created_idx ON rate_events (key, created_at DESC);
CREATE INDEX rate_events_created_idx ON rate_events (created_at);

-- At most one unfinished phone factor per account: keep the newest of any existing ones.
DELETE FROM auth_factors f
 WHERE f.factor_type = 'phone' AND f.status = 'unverified'
   AND EXISTS (
     SELECT 1 FROM auth_factors g
      WHERE g.user_id = f.user_id AND g.factor_type = 'phone' AND g.status = 'unverified'
        AND (g.created_at, g.id) > (f.created_at, f.id)
   );
CREATE UNIQUE INDEX auth_factors_one_unverified_phone_key ON auth_factors (user_id)
  WHERE factor_type = 'phone' AND status = 'unverified';
