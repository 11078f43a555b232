// The demo seed: when the catalogue is empty, an original demo catalogue (56 invented Tonies with
// covers served by the app), six demo users and about a hundred ratings, thirty of them with a
// short review and tags. Deterministic (seeded PRNG) and idempotent: it does nothing when any
// Tonie exists, so an imported or already seeded catalogue is never touched.
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/types';
import { ensureTags, writeCatalogueRows } from '../repositories/catalogue-import';
import { hasAnyTonie, insertSeedRatings, insertSeedUsers, lockSeed, type SeedRating } from '../repositories/seed';
import { DEMO_TONIES, demoCatalogueRows, type DemoTonie } from './demo-catalogue';
import { intBetween, mulberry32, shuffled, type Random } from './prng';

export const DEMO_PASSWORD = 'demo-password-123';

export const DEMO_USERS = [
  { email: 'mia@demo.tonieshelf.example', username: 'mia', first_name: 'Mia', last_name: 'Hoffmann' },
  { email: 'leo@demo.tonieshelf.example', username: 'leo', first_name: 'Leo', last_name: 'Brooks' },
  { email: 'sofia@demo.tonieshelf.example', username: 'sofia', first_name: 'Sofia', last_name: 'Lindqvist' },
  { email: 'noah@demo.tonieshelf.example', username: 'noah', first_name: 'Noah', last_name: 'Okafor' },
  { email: 'emma@demo.tonieshelf.example', username: 'emma', first_name: 'Emma', last_name: 'Dubois' },
  { email: 'jonas@demo.tonieshelf.example', username: 'jonas', first_name: 'Jonas', last_name: 'Weber' },
] as const;

/** Tags reviewers attach to their ratings (besides the Tonie's own theme tags). */
const REVIEW_TAGS = ['Great narration', 'Catchy songs', 'Calming', 'Made us laugh', 'Educational', 'Car trips', 'Kids love it', 'Worth it', 'Too short', 'A bit scary'] as const;

type ReviewTag = (typeof REVIEW_TAGS)[number];

interface ReviewTemplate {
  text: string;
  tags: ReviewTag[];
}

// {name} is the Tonie's name, {series} its series. Grouped by the star value they fit.
const REVIEWS: Record<'great' | 'good' | 'mixed' | 'poor', ReviewTemplate[]> = {
  great: [
    { text: 'Our daughter asks for {series} every single evening. The voices are wonderful.', tags: ['Great narration', 'Kids love it'] },
    { text: 'Absolutely lovely. We have listened to {name} about forty times and I still do not mind.', tags: ['Worth it'] },
    { text: 'Perfect for the drive to grandma. Both kids went quiet and happy for the whole trip.', tags: ['Car trips', 'Kids love it'] },
    { text: 'The songs are stuck in my head in the best way. My son sings them in the bath.', tags: ['Catchy songs'] },
    { text: 'Funny, warm and clever. The grown-ups laugh too.', tags: ['Made us laugh'] },
    { text: 'Calm, gentle and beautifully produced. It has become part of our bedtime routine.', tags: ['Calming'] },
    { text: 'He now explains things to us at dinner. Great mix of story and facts.', tags: ['Educational', 'Kids love it'] },
    { text: 'Best one in our collection. Worth every penny.', tags: ['Worth it', 'Kids love it'] },
  ],
  good: [
    { text: 'Really nice story with lovely sound effects. A little long for our three-year-old.', tags: ['Great narration'] },
    { text: 'Sweet and cosy. Not her absolute favourite, but it comes out regularly.', tags: ['Calming'] },
    { text: 'Good fun, a couple of songs are real earworms.', tags: ['Catchy songs'] },
    { text: 'Learned a lot from this one, and so did I. The quiz at the end is a nice touch.', tags: ['Educational'] },
    { text: 'Nice for car journeys. The middle part drags a bit, the ending is great.', tags: ['Car trips'] },
    { text: 'The narrator does brilliant voices. We would love more episodes of {series}.', tags: ['Great narration'] },
    { text: 'A solid choice for the age group. My twins both like it, which is rare.', tags: ['Kids love it'] },
    { text: 'Made us giggle. Lovely illustrations on the figure too.', tags: ['Made us laugh'] },
  ],
  mixed: [
    { text: 'Nice idea, but over far too quickly.', tags: ['Too short'] },
    { text: 'Okay. Some parts are a bit intense for our four-year-old.', tags: ['A bit scary'] },
    { text: 'The songs are fine, the stories in between a bit thin.', tags: ['Catchy songs'] },
    { text: 'It is fine for the car, but not one they ask for at home.', tags: ['Car trips'] },
    { text: 'Pleasant enough. We prefer the other {series} episodes.', tags: [] },
    { text: 'Good narration, but the story wanders.', tags: ['Great narration'] },
  ],
  poor: [
    { text: 'Too short for the price, and the volume jumps between tracks.', tags: ['Too short'] },
    { text: 'Our son found some scenes frightening and skips them now.', tags: ['A bit scary'] },
    { text: "Not for us. It did not hold anyone's attention.", tags: [] },
  ],
};

export interface SeedSummary {
  seeded: boolean;
  tonies: number;
  users: number;
  ratings: number;
  reviews: number;
}

const NOTHING: SeedSummary = { seeded: false, tonies: 0, users: 0, ratings: 0, reviews: 0 };

function bucket(rating: number): keyof typeof REVIEWS {
  return rating >= 5 ? 'great' : rating === 4 ? 'good' : rating === 3 ? 'mixed' : 'poor';
}

interface PlannedRating {
  article: string;
  user: string;
  rating: number;
  review: string | null;
  tags: string[];
  createdAt: Date;
}

/** The demo ratings, decided by a seeded PRNG only (no database needed). */
export function planDemoRatings(seed = 20240611): PlannedRating[] {
  const random: Random = mulberry32(seed);
  // Each Tonie gets a hidden "quality" so ratings of one Tonie agree more than they differ.
  const quality = new Map<string, number>(DEMO_TONIES.map((d) => [d.article, 2.7 + random() * 2.3]));
  const reviewDecks = new Map<keyof typeof REVIEWS, ReviewTemplate[]>();
  const nextReview = (key: keyof typeof REVIEWS): ReviewTemplate => {
    let deck = reviewDecks.get(key);
    if (!deck || deck.length === 0) reviewDecks.set(key, (deck = shuffled(random, REVIEWS[key])));
    return deck.pop()!;
  };
  const start = Date.UTC(2025, 0, 6, 8, 0, 0);
  const planned: PlannedRating[] = [];
  for (const user of DEMO_USERS) {
    const count = intBetween(random, 12, 22);
    const chosen = shuffled(random, DEMO_TONIES).slice(0, count);
    let reviewsLeft = 5;
    chosen.forEach((tonie: DemoTonie) => {
      const noise = (random() - 0.5) * 3;
      const rating = Math.min(5, Math.max(1, Math.round(quality.get(tonie.article)! + noise)));
      // Five reviews per user, on story and music figures (a blank Creative figure gets stars only).
      const withReview = reviewsLeft > 0 && tonie.category !== 'Creative Tonie';
      if (withReview) reviewsLeft -= 1;
      let review: string | null = null;
      let tags: string[] = [];
      if (withReview) {
        const template = nextReview(bucket(rating));
        const name = tonie.episode ?? tonie.series;
        review = template.text.replaceAll('{name}', name).replaceAll('{series}', tonie.series);
        tags = [...template.tags];
        if (random() < 0.5 && tonie.themes.length > 0) tags.push(tonie.themes[0]!);
      }
      const createdAt = new Date(start + intBetween(random, 0, 320) * 86_400_000 + intBetween(random, 0, 43_200) * 1000);
      planned.push({ article: tonie.article, user: user.email, rating, review, tags, createdAt });
    });
  }
  return planned;
}

/**
 * Seeds the demo catalogue, users and ratings when the tonies table is empty; otherwise does
 * nothing. Safe to call on every start (SEED_DEMO) and from two processes at once.
 */
export async function seedDemo(db: Kysely<DB>): Promise<SeedSummary> {
  if (await hasAnyTonie(db)) return NOTHING;
  // Hash before taking the lock: argon2id is deliberately slow (and takes 19 MiB a hash). The
  // demo users share the published demo password, so one hash serves all six.
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const users = DEMO_USERS.map((u) => ({ ...u, password_hash, email_verified_at: new Date() }));
  const rows = demoCatalogueRows();
  const planned = planDemoRatings();

  return db.transaction().execute(async (trx) => {
    await lockSeed(trx);
    if (await hasAnyTonie(trx)) return NOTHING;
    const written = await writeCatalogueRows(trx, rows);
    const userIds = await insertSeedUsers(trx, users);
    const { ids: tagIds } = await ensureTags(trx, [...REVIEW_TAGS, ...planned.flatMap((p) => p.tags)]);
    const ratings: SeedRating[] = [];
    for (const p of planned) {
      const tonieId = written.ids.get(p.article);
      const userId = userIds.get(p.user.toLowerCase());
      if (tonieId === undefined || userId === undefined) continue;
      ratings.push({
        tonie_id: tonieId,
        user_id: userId,
        rating: p.rating,
        review: p.review,
        created_at: p.createdAt,
        tagIds: p.tags.flatMap((name) => {
          const id = tagIds.get(name.toLowerCase());
          return id === undefined ? [] : [id];
        }),
      });
    }
    const inserted = await insertSeedRatings(trx, ratings);
    return {
      seeded: true,
      tonies: written.inserted,
      users: userIds.size,
      ratings: inserted,
      reviews: ratings.filter((r) => r.review !== null).length,
    };
  });
}
