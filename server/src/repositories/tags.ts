import type { Db } from '../db/types';

/** Names of the catalogue tags that at least one Tonie carries, A to Z. */
export async function listTonieTagNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('tags')
    .select('tags.name')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('tonie_tags').select('tonie_tags.tag_id').whereRef('tonie_tags.tag_id', '=', 'tags.id')),
    )
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => r.name);
}
