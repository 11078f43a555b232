// Kysely table types for migrations/*.sql. Generated<T> marks columns with a database default;
// GeneratedAlways<T> marks computed columns that can never be written.
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  role: Generated<Role>;
  /** Suspended until then (9999-12-31 = for good: SUSPENDED_FOR_GOOD); NULL = not suspended. */
  suspended_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The interface language the user last chose ('en' or 'de'); mails go out in it. */
  locale: Generated<'en' | 'de'>;
  /** The shelves the public profile shows ('own', 'wishlist', 'favourites'); none by default. */
  profile_shelves: Generated<ShelfName[]>;
  /** The public profile does not list the user's reviews. */
  profile_reviews_hidden: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type Role = 'user' | 'moderator' | 'admin';
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface EmailLinksTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'reset' | 'verify';
  token_hash: string;
  email: string;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export interface StorageDeletionsTable {
  key: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: CreatedAt;
}

/** A server process on this database (instances/registry.ts). */
export interface InstancesTable {
  id: string;
  host: string;
  pid: number;
  /** 'local:<id of the uploads directory>' or 's3:<bucket>'. */
  storage: string;
  uploads_dir: string | null;
  started_at: CreatedAt;
  heartbeat_at: Timestamp;
}

/** A stored object being written, until a record refers to it (storage/writes.ts). */
export interface StorageWritesTable {
  key: string;
  machine: string | null;
  pid: number;
  pid_started: string | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  aal: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  absolute_expires_at: Date;
  last_seen_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface AuthFactorsTable {
  id: Generated<string>;
  user_id: string;
  factor_type: 'totp' | 'phone';
  status: Generated<'unverified' | 'verified'>;
  friendly_name: string | null;
  totp_secret: Uint8Array | null;
  issuer: string | null;
  phone: string | null;
  last_used_step: ColumnType<string | null, number | bigint | string | null, number | bigint | string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AuthChallengesTable {
  id: Generated<string>;
  factor_id: string;
  channel: Generated<'totp' | 'sms' | 'whatsapp'>;
  code_hash: string | null;
  attempts: Generated<number>;
  expires_at: Date;
  verified_at: Date | null;
  created_at: CreatedAt;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  locked_until: Date | null;
  updated_at: Timestamp;
}

export interface ToniesTable {
  id: Generated<number>;
  article: string;
  name: string;
  series: string | null;
  episode: string | null;
  image: string | null;
  category: string;
  description: Generated<string>;
  html_description: string | null;
  html_tracklist: string | null;
  url: string | null;
  runtime: number | null;
  language: string | null;
  song_count: Generated<number>;
  /** A calendar date as 'YYYY-MM-DD' (the pg and PGlite type parsers are set up to keep it a string). */
  release_date: string | null;
  age_range: string | null;
  age_min: number | null;
  origin: string | null;
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  rating_avg: GeneratedAlways<number | null>;
  /** search_fold(name, series, description) (migration 0008): folded for forgiving search. */
  search_text: GeneratedAlways<string>;
  /** search_fold(name) and search_fold(series) for ranking and the quick search. */
  name_search: GeneratedAlways<string>;
  series_search: GeneratedAlways<string>;
  /** name_sort_key(name): accents folded, numbers zero-padded; compare with COLLATE "C". */
  name_sort: GeneratedAlways<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TonieCategoryCountsTable {
  category: string;
  tonie_count: number;
}

/** Tonies per category, language and minimum age (migration 0017): the language and age filters' totals. */
export interface TonieFacetCountsTable {
  category: string;
  language: string | null;
  age_min: number | null;
  tonie_count: number;
}

/** What changed for the catalogue's search index (migration 0021): a Tonie's id per change, in order. */
export interface TonieSearchChangesTable {
  seq: Generated<number>;
  tonie_id: number;
  changed_at: CreatedAt;
}

/** Visible audio files per licence (Discover's totals), kept by the triggers of migration 0013. */
export interface AudioDiscoverCountsTable {
  licence: string;
  visible_count: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  /** 'catalogue' (import, seed) or 'review' (made by a review; a filter tag once approved). */
  origin: Generated<'catalogue' | 'review'>;
  approved_at: NullableTime;
  created_at: CreatedAt;
}

export interface TonieTagsTable {
  tonie_id: number;
  tag_id: number;
}

export interface RatingsTable {
  id: Generated<number>;
  tonie_id: number;
  /** NULL once the author's account is deleted (the review stays, as 'Anonymous'). */
  user_id: string | null;
  rating: number;
  review: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** When the author last edited the review; NULL until then. */
  edited_at: Date | null;
  /** Hidden by moderators (NULL = not hidden). */
  hidden_at: NullableTime;
  /** The author is suspended: hidden while they are. */
  owner_suspended: Generated<boolean>;
  /** How many users marked the review helpful (kept by trigger from review_votes). */
  helpful_count: Generated<number>;
}

export interface ReviewVotesTable {
  rating_id: number;
  user_id: string;
  created_at: CreatedAt;
}

/** A user's Tonie on their shelves: own or wishlist (or neither), and/or favourite. */
export interface ShelfItemsTable {
  user_id: string;
  tonie_id: number;
  status: 'own' | 'wishlist' | null;
  status_at: NullableTime;
  favourite: Generated<boolean>;
  favourite_at: NullableTime;
}

/** A shelf shared by link (while the row exists). */
export interface ShelfSharesTable {
  user_id: string;
  shelf: ShelfName;
  token: string;
  created_at: CreatedAt;
}

export interface RatingTagsTable {
  rating_id: number;
  tag_id: number;
}

export interface AudioFilesTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  description: string | null;
  script_text: string | null;
  status: Generated<'draft' | 'published'>;
  file_path: string;
  file_name: string;
  /** bigint: read back as a number (the type parsers are set up for it). */
  file_size: number;
  mime_type: string;
  duration: number | null;
  cover_path: string | null;
  cover_mime_type: string | null;
  like_count: Generated<number>;
  download_count: Generated<number>;
  comment_count: Generated<number>;
  search_text: GeneratedAlways<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  published_at: Date | null;
  /** Hidden by moderators (NULL = not hidden). */
  hidden_at: NullableTime;
  /** The owner is suspended: hidden while they are. */
  owner_suspended: Generated<boolean>;
  licence: Generated<Licence>;
  /** When the uploader confirmed the right to share it; NULL for files from before. */
  rights_confirmed_at: NullableTime;
  /** What the server measured at upload (migration 0010): 'none' = not yet, 'failed' = could not decode. */
  analysis: Generated<AudioAnalysis>;
  /** WAVEFORM_PEAKS bytes, 0..255; null unless analysis = 'ready'. */
  waveform: Uint8Array | null;
  /** Integrated loudness (BS.1770 / EBU R128); null when unknown or silent. */
  loudness_lufs: number | null;
  /** The highest sample in dBFS; null when unknown. */
  peak_dbfs: number | null;
}

type AudioAnalysis = 'none' | 'ready' | 'failed';

type Licence = 'cc-by-4.0' | 'cc-by-sa-4.0' | 'cc-by-nc-4.0' | 'cc0-1.0' | 'all-rights-reserved';
type ReportReason = 'copyright' | 'illegal' | 'harmful_to_children' | 'spam' | 'personal_data' | 'other';

export interface ModerationActionsTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_name: string;
  action: 'dismiss' | 'hide' | 'restore' | 'delete' | 'suspend' | 'unsuspend' | 'grant_role' | 'revoke_role' | 'approve_tag' | 'contest' | 'uphold';
  target_type: 'audio' | 'review' | 'user' | 'tag' | 'report' | 'set'; // 'set': migration 0011
  target_id: string;
  target_owner_id: string | null;
  target_label: string | null;
  reason: ReportReason | null;
  rule: string | null;
  statement: string | null;
  suspended_until: NullableTime;
  role: Role | null;
  decision_id: number | null;
  report_ids: ColumnType<number[], number[] | undefined, never>;
  created_at: CreatedAt;
}

export interface ReportsTable {
  id: Generated<number>;
  reference: string;
  kind: 'report' | 'bug' | 'feedback';
  reason: ReportReason | null;
  target_type: 'audio' | 'review' | 'user' | 'set' | null; // 'set': migration 0011
  target_id: string | null;
  content_url: string | null;
  explanation: string;
  reporter_id: string | null;
  reporter_name: string | null;
  reporter_email: string | null;
  reporter_key: string;
  good_faith: boolean;
  status: Generated<'open' | 'dismissed' | 'actioned'>;
  decision_id: number | null;
  created_at: CreatedAt;
  resolved_at: NullableTime;
  /** The sender's language, for the outcome mail (migration 0009). */
  locale: Generated<'en' | 'de'>;
}

export interface ContestsTable {
  id: Generated<number>;
  decision_id: number;
  user_id: string | null;
  explanation: string;
  status: Generated<'open' | 'upheld' | 'reversed'>;
  created_at: CreatedAt;
  resolved_at: NullableTime;
}

export interface PendingUploadsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'audio' | 'cover';
  file_path: string;
  file_name: string;
  file_size: number;
  mime_type: string;
  duration: number | null;
  created_at: CreatedAt;
  /** What the server measured at upload (migration 0010): 'none' = not yet, 'failed' = could not decode. */
  analysis: Generated<AudioAnalysis>;
  /** WAVEFORM_PEAKS bytes, 0..255; null unless analysis = 'ready'. */
  waveform: Uint8Array | null;
  /** Integrated loudness (BS.1770 / EBU R128); null when unknown or silent. */
  loudness_lufs: number | null;
  /** The highest sample in dBFS; null when unknown. */
  peak_dbfs: number | null;
}

export interface AudioTagsTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface AudioFileTagsTable {
  audio_file_id: number;
  tag_id: number;
}

export interface AudioLikesTable {
  audio_file_id: number;
  user_id: string;
  created_at: CreatedAt;
}

export interface AudioDownloadsTable {
  audio_file_id: number;
  user_id: string;
  created_at: CreatedAt;
}

export interface RateEventsTable {
  id: GeneratedAlways<string>;
  key: string;
  created_at: Timestamp;
}

/** One accepted upload (for the per-hour limit). */
export interface UploadEventsTable {
  id: GeneratedAlways<string>;
  user_id: string;
  bytes: number;
  created_at: CreatedAt;
}

/** A Creative-Tonie set (migration 0010). */
export interface SetsTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  description: string | null;
  status: Generated<'draft' | 'published'>;
  cover_path: string | null;
  cover_mime_type: string | null;
  /** Kept by trigger from set_chapters. */
  chapter_count: Generated<number>;
  /** Seconds, kept by trigger from the chapters' durations. */
  total_duration: Generated<number>;
  like_count: Generated<number>;
  download_count: Generated<number>;
  search_text: GeneratedAlways<string>;
  hidden_at: NullableTime;
  owner_suspended: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  published_at: Date | null;
}

export interface SetChaptersTable {
  set_id: number;
  audio_file_id: number;
  /** 1..n, unique per set (checked at commit). */
  position: number;
  added_at: CreatedAt;
}

export interface SetNoticesTable {
  id: Generated<number>;
  set_id: number;
  audio_title: string;
  created_at: CreatedAt;
}

export interface SetTagsTable {
  set_id: number;
  tag_id: number;
}

export interface SetLikesTable {
  set_id: number;
  user_id: string;
  created_at: CreatedAt;
}

export interface SetDownloadsTable {
  set_id: number;
  user_id: string | null;
  created_at: CreatedAt;
}

export interface ServerKeysTable {
  name: string;
  key: Uint8Array;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  email_links: EmailLinksTable;
  storage_deletions: StorageDeletionsTable;
  instances: InstancesTable;
  storage_writes: StorageWritesTable;
  sessions: SessionsTable;
  auth_factors: AuthFactorsTable;
  auth_challenges: AuthChallengesTable;
  recovery_codes: RecoveryCodesTable;
  login_throttle: LoginThrottleTable;
  tonies: ToniesTable;
  tonie_category_counts: TonieCategoryCountsTable;
  tonie_facet_counts: TonieFacetCountsTable;
  tonie_search_changes: TonieSearchChangesTable;
  tags: TagsTable;
  tonie_tags: TonieTagsTable;
  ratings: RatingsTable;
  rating_tags: RatingTagsTable;
  audio_files: AudioFilesTable;
  pending_uploads: PendingUploadsTable;
  upload_events: UploadEventsTable;
  audio_tags: AudioTagsTable;
  audio_file_tags: AudioFileTagsTable;
  audio_likes: AudioLikesTable;
  audio_downloads: AudioDownloadsTable;
  audio_discover_counts: AudioDiscoverCountsTable;
  rate_events: RateEventsTable;
  moderation_actions: ModerationActionsTable;
  reports: ReportsTable;
  contests: ContestsTable;
  sets: SetsTable;
  set_chapters: SetChaptersTable;
  set_notices: SetNoticesTable;
  set_tags: SetTagsTable;
  set_likes: SetLikesTable;
  set_downloads: SetDownloadsTable;
  server_keys: ServerKeysTable;
  shelf_items: ShelfItemsTable;
  shelf_shares: ShelfSharesTable;
  review_votes: ReviewVotesTable;
}

/** What every repository function takes: the database, or a transaction on it. */
export type Db = Kysely<DB> | Transaction<DB>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Tonie = Selectable<ToniesTable>;
export type NewTonie = Insertable<ToniesTable>;
export type AudioFile = Selectable<AudioFilesTable>;
export type NewAudioFile = Insertable<AudioFilesTable>;
export type AudioFileUpdate = Updateable<AudioFilesTable>;
export type NewPendingUpload = Insertable<PendingUploadsTable>;
export type AuthFactor = Selectable<AuthFactorsTable>;
