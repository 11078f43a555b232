/** Whether `value` is one of the allowed texts (an address parameter, a Select's value). */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
