-- A set's ZIP counts once per person, as an audio file's download does (audio_downloads): one
-- set_downloads row per set and user. Rows of deleted accounts (user_id NULL) stay and count.

DELETE FROM set_downloads d
 USING (SELECT ctid AS row_id, row_number() OVER (PARTITION BY set_id, user_id ORDER BY created_at) AS n
          FROM set_downloads
         WHERE user_id IS NOT NULL) repeated
 WHERE d.ctid = repeated.row_id AND repeated.n > 1;

CREATE UNIQUE INDEX set_downloads_once_idx ON set_downloads (set_id, user_id);

UPDATE sets s
   SET download_count = (SELECT count(*) FROM set_downloads d WHERE d.set_id = s.id)
 WHERE download_count <> (SELECT count(*) FROM set_downloads d WHERE d.set_id = s.id);
