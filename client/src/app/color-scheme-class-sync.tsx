import { useEffect } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { applyDarkClass } from '../lib/color-scheme';

/** Keeps the `dark` class on <html> in step with Mantine's colour scheme (SPEC §1). */
export function ColorSchemeClassSync() {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    applyDarkClass(computed === 'dark');
  }, [computed]);
  return null;
}
