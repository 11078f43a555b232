import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export interface CategoryCount {
  category: string;
  count: number;
}

/** Every category with how many Tonies it holds, largest first. */
export async function listCategories(db: Db): Promise<CategoryCount[]> {
  return db
    .selectFrom('tonies')
    .select(['category', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('category')
    .orderBy('count', 'desc')
    .orderBy('category')
    .execute();
}

export async function countTonies(db: Db): Promise<number> {
  const row = await db.selectFrom('tonies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}
