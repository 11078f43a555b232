import { useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import classes from './layout.module.css';

/** A page's code that arrives within this time shows no spinner at all (no flash). */
const SPINNER_DELAY_MS = 250;

/**
 * What the page area shows while a lazily loaded page's code arrives: room of a page's height (the
 * footer does not jump up and back down) and, after a moment, a spinner announced as a status.
 */
export function PageFallback() {
  const texts = useShellTexts();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Center className={classes.pageFallback} aria-busy="true">
      {visible && <Loader role="status" aria-label={texts.shell.loadingPage} />}
    </Center>
  );
}
