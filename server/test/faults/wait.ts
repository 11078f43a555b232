// Waiting in the fault tests: for a time, or until something holds (measured, for the figures).

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `probe` is true; the milliseconds it took, or Infinity after `limitMs`. */
export async function timeUntil(probe: () => Promise<boolean>, limitMs: number, everyMs = 20): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await probe().catch(() => false)) return performance.now() - start;
    await sleep(everyMs);
  }
  return Infinity;
}
