-- Server processes sharing this database (PostgreSQL), and the stored objects being written.
--
-- instances: each server process on PostgreSQL registers here at start and beats every few
-- seconds. A process with local storage refuses to start beside a live one whose uploads are
-- elsewhere (another directory or disk, or S3): they would each keep only their own uploads.
-- `storage` names where uploads are kept: 'local:' and the id written in the uploads directory
-- (the same directory mounted on several machines has one id), or 's3:' and the bucket.
CREATE TABLE instances (
  id           uuid PRIMARY KEY,
  host         text NOT NULL,
  pid          integer NOT NULL,
  storage      text NOT NULL,
  uploads_dir  text,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

-- storage_writes: an object is noted here before it is written and the note dropped once a record
-- refers to it; a process that dies in between leaves the note, and its object is removed at the
-- next start on that machine (machine, pid, pid_started tell the process: instances/identity.ts)
-- or, by anyone, once it is older than a pending upload may be.
CREATE TABLE storage_writes (
  key         text PRIMARY KEY CHECK (char_length(key) <= 1000),
  machine     text,
  pid         integer NOT NULL,
  pid_started text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_writes_created_idx ON storage_writes (created_at);
