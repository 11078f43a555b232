import { useEffect, useRef, useState } from 'react';

/**
 * The opened state of a menu or popover that replaces a stand-in the visitor pressed
 * (`openAtOnce`): it opens right after mounting, from its target, which takes the focus first, so
 * that closing it returns the focus there (Mantine records where to return only on a change).
 */
export function useOpenAtOnce<T extends HTMLElement>(openAtOnce: boolean) {
  const [opened, setOpened] = useState(false);
  const target = useRef<T>(null);
  useEffect(() => {
    if (!openAtOnce) return;
    target.current?.focus();
    setOpened(true);
  }, []);
  return { opened, setOpened, target };
}
