// A foreign-key violation (SQLSTATE 23503): a write referred to a row that is gone (a Tonie an
// import removed, a review deleted meanwhile), which the services answer with their own 404.

/** Whether `err` is a foreign-key violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  return err instanceof Error && (err as Error & { code?: unknown }).code === '23503';
}
