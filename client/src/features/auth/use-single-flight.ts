import { useCallback, useRef } from 'react';

/**
 * Runs one task at a time: a call while the previous one is still running is ignored. Guards a
 * code form against sending twice when the sixth digit (auto-submit) and Enter come together,
 * before React has re-rendered the button as busy.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(async (task: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await task();
    } finally {
      running.current = false;
    }
  }, []);
}
