// Small answers of the server for component tests.
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import type { Decision } from '@tonieshelf/shared/schemas/moderation';
import type { Review, ReviewSummary } from '@tonieshelf/shared/schemas/review';
import type { SetChapter, SetDetail } from '@tonieshelf/shared/schemas/set';
import type { Tonie } from '@tonieshelf/shared/schemas/tonie';

export const SIGNED_IN: Me = {
  id: '6f1c2a7e-0000-4000-8000-000000000001',
  username: 'robin',
  firstName: 'Robin',
  lastName: 'Reader',
  email: 'robin@example.com',
  emailVerified: true,
  role: 'user',
  aal: 'aal1',
  nextLevel: 'aal1',
};

export function aRating(overrides: Partial<Review> = {}): Review {
  return {
    id: 41,
    tonieId: 7,
    userId: SIGNED_IN.id,
    username: SIGNED_IN.username,
    rating: 4,
    review: 'Lovely',
    tags: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    editedAt: null,
    userProfile: { firstName: SIGNED_IN.firstName, lastName: SIGNED_IN.lastName },
    hiddenByModerators: false,
    decisionId: null,
    helpfulCount: 0,
    ...overrides,
  };
}

/** The Tonie aRating() reviews (id 7). */
export function aTonie(overrides: Partial<Tonie> = {}): Tonie {
  return {
    id: 7,
    article: 'T-7',
    name: 'The Gruffalo',
    series: null,
    episode: null,
    ageMin: null,
    image: null,
    category: 'Audio Play',
    description: 'A mouse took a stroll.',
    url: null,
    runtime: 30,
    language: 'en-GB',
    songCount: 0,
    releaseDate: null,
    ageRange: null,
    tags: [],
    averageRating: 4,
    totalRatings: 3,
    html_description: null,
    html_tracklist: null,
    ...overrides,
  };
}

/** review.summary's answer for these reviews of a Tonie: average, count and the share of each star. */
export function aRatingSummary(tonieId: number, ratings: readonly Review[]): ReviewSummary {
  const total = ratings.length;
  return {
    tonieId,
    averageRating: total ? ratings.reduce((s, r) => s + r.rating, 0) / total : 0,
    totalRatings: total,
    distribution: [5, 4, 3, 2, 1].map((stars) => {
      const count = ratings.filter((r) => r.rating === stars).length;
      return { stars, count, percentage: total ? (count / total) * 100 : 0 };
    }),
    tags: [],
  };
}

export function anAudioFile(overrides: Partial<AudioFile> = {}): AudioFile {
  return {
    id: 5,
    title: 'Moon Song',
    description: null,
    scriptText: null,
    tags: [],
    status: 'draft',
    fileUrl: '/files/u/moon.wav',
    filePath: 'u/moon.wav',
    fileName: 'moon.wav',
    fileSize: 1000,
    duration: 1,
    mimeType: 'audio/wav',
    userId: SIGNED_IN.id,
    coverImage: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    likeCount: 0,
    commentCount: 0,
    downloadCount: 0,
    hasLiked: false,
    userProfile: { firstName: SIGNED_IN.firstName, lastName: SIGNED_IN.lastName, username: SIGNED_IN.username },
    overCreativeLimit: false,
    licence: 'cc-by-4.0',
    rightsConfirmed: true,
    hiddenByModerators: false,
    decisionId: null,
    analysis: 'ready',
    loudnessLufs: -16.2,
    peakDbfs: -1,
    ...overrides,
  };
}

/** A moderators' decision (hid an audio file for copyright) as its owner reads it: may be contested. */
export function aDecision(overrides: Partial<Decision> = {}): Decision {
  return {
    id: 7,
    action: 'hide',
    targetType: 'audio',
    targetId: '12',
    targetLabel: 'Moon Song',
    reason: 'copyright',
    rule: 'copyright',
    statement: 'The recording is a commercial audiobook shared without the publisher’s permission.',
    suspendedUntil: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    canContest: true,
    contest: null,
    ...overrides,
  };
}

/** A published set of the signed-in user with two chapters (one of someone else, CC BY). */
export function aSetDetail(overrides: Partial<SetDetail> = {}): SetDetail {
  const profile = { firstName: SIGNED_IN.firstName, lastName: SIGNED_IN.lastName, username: SIGNED_IN.username };
  const chapter = (audioFileId: number, position: number, title: string, duration: number): SetChapter => ({
    audioFileId,
    position,
    title,
    duration,
    fileUrl: `/files/u/${audioFileId}.mp3`,
    mimeType: 'audio/mpeg',
    licence: 'cc-by-4.0',
    userId: SIGNED_IN.id,
    userProfile: profile,
    analysis: 'ready',
    loudnessLufs: -16,
    peakDbfs: -1,
    loudnessHint: null,
    available: true,
    hiddenByModerators: false,
    decisionId: null,
  });
  return {
    id: 3,
    title: 'Bedtime Stories',
    description: 'Calm stories for the evening',
    tags: ['bedtime'],
    status: 'published',
    coverImage: null,
    chapterCount: 2,
    totalDuration: 300,
    hiddenChapterCount: 0,
    unavailableChapterCount: 0,
    likeCount: 1,
    downloadCount: 0,
    hasLiked: false,
    userId: SIGNED_IN.id,
    userProfile: profile,
    createdAt: '2026-11-01T10:00:00.000Z',
    publishedAt: '2026-11-01T11:00:00.000Z',
    licences: ['cc-by-4.0'],
    overBudget: false,
    hiddenByModerators: false,
    decisionId: null,
    chapters: [chapter(11, 1, 'The Moon', 120), chapter(12, 2, 'The Stars', 180)],
    notices: [],
    feedUrl: '/feeds/sets/3.rss',
    downloadUrl: '/api/sets/3/download',
    chaptersNotInFeed: 0,
    ...overrides,
  };
}
