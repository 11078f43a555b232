// Colour scheme persistence: localStorage 'darkMode' = 'true' | 'false' (SPEC §1), a `dark`
// class on <html> beside Mantine's data-mantine-color-scheme attribute. index.html's inline script
// (shared/src/color-scheme-script.ts) applies the same rule before first paint; keep the two in step.
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

const DARK_MODE_STORAGE_KEY = 'darkMode';

function fromStored(value: string | null): MantineColorScheme | null {
  if (value === 'true') return 'dark';
  if (value === 'false') return 'light';
  return null;
}

/** Puts the `dark` class on <html> (or takes it off). */
export function applyDarkClass(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}

/** A Mantine colour scheme manager that reads and writes the darkMode flag. */
export function darkModeColorSchemeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => {
      try {
        return fromStored(window.localStorage.getItem(DARK_MODE_STORAGE_KEY)) ?? defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        if (value === 'auto') window.localStorage.removeItem(DARK_MODE_STORAGE_KEY);
        else window.localStorage.setItem(DARK_MODE_STORAGE_KEY, String(value === 'dark'));
      } catch {
        // Private mode or storage full: the choice lasts for this page only.
      }
    },
    // Another tab changed the flag: follow it.
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea !== window.localStorage || event.key !== DARK_MODE_STORAGE_KEY) return;
        onUpdate(fromStored(event.newValue) ?? 'auto');
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(DARK_MODE_STORAGE_KEY);
      } catch {
        // Nothing stored that we could reach.
      }
    },
  };
}
