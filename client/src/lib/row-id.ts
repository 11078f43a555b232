// A row id read from the address (?audio=12, /decisions/7): what the server's integer ids can be.

/** The largest id PostgreSQL's integer column holds; a larger one can name no row. */
const MAX_ROW_ID = 2_147_483_647;

/** A row id written plainly in the address ('12'), else null (absent, '0', '-3', 'abc', too large). */
export function parseRowId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}
