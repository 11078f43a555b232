// Whether the database answers at all (the readiness check, /readyz): one trivial statement.
import { sql } from 'kysely';
import type { Db } from './types';

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
