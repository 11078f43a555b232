-- Uploads accepted per user, one row each with its size: the per-hour upload limit counts them
-- (pending uploads cannot: their rows go once attached to a record). Rows older than a day are
-- removed by the hourly cleanup. Runs on PostgreSQL 15 and PGlite (PostgreSQL 18).
CREATE TABLE upload_events (
  id         bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bytes      bigint NOT NULL CHECK (bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_events_user_created_idx ON upload_events (user_id, created_at);
CREATE INDEX upload_events_created_idx ON upload_events (created_at);
