import { useEffect, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { onAnnouncement } from '../lib/announce';

/**
 * The app's polite live region (lib/announce.ts). It is emptied first and filled a frame later,
 * so a message equal to the last one is spoken again.
 */
export function LiveAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let frame = 0;
    const unsubscribe = onAnnouncement((next) => {
      setMessage('');
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setMessage(next));
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, []);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {message}
    </VisuallyHidden>
  );
}
