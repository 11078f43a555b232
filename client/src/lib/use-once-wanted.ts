import { useState } from 'react';

/**
 * True from the first render on which `wanted` is: a lazily loaded dialog mounts when first asked
 * for and then stays (its closing transition, its state).
 */
export function useOnceWanted(wanted: boolean): boolean {
  const [once, setOnce] = useState(false);
  if (wanted && !once) setOnce(true);
  return once || wanted;
}
