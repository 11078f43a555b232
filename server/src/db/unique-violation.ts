// A unique violation (SQLSTATE 23505): a write lost a race for a unique key, which the services
// answer with their own 409 (an email taken, a second report, a second contest...).

/**
 * Whether `err` is a unique violation, of `constraint` when one is named. `pg` gives the
 * constraint's name; where a driver does not, the name is looked for in the message.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!(err instanceof Error)) return false;
  const e: Error & { code?: unknown; constraint?: unknown } = err;
  if (e.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || e.message.includes(constraint);
}
