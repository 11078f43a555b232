// The heading and count line above a list of results (audio, sets, Tonie grids, the moderation
// queue), with a polite status region that tells screen readers what a search, filter or page
// change found, and stays quiet on the page's first load.
import { useEffect, useRef, useState } from 'react';
import { Text, Title, VisuallyHidden } from '@mantine/core';
import { useCommonTexts } from './common-texts';

/** How long the status must stay the same before it is announced (typing in a search box). */
export const ANNOUNCE_DELAY_MS = 500;

interface ResultsSummaryProps {
  /** The h2 over the results (their cards are h3): 'Results' unless given; `null`: no heading. */
  heading?: string | null;
  /** Show the heading on screen (else it is for screen readers only). */
  headingVisible?: boolean;
  /**
   * What the results show now, once they are in ('12 audio files, page 1 of 3'); `null` while they
   * load. Left out: a heading only, no status region.
   */
  status?: string | null;
  /**
   * Show the status as a dimmed line ('Showing 1–20 of 57 Tonies'): the line itself is the status
   * region. Else the region is visually hidden and only holds what was announced.
   */
  visible?: boolean;
  /** With `visible`: the status is for screen readers only for now (the empty state shows the rest). */
  statusHidden?: boolean;
  'data-testid'?: string;
}

/**
 * The first settled status is the page's own: it is not announced (it would be on every page
 * load). A later, different status is announced once it has stayed the same for
 * ANNOUNCE_DELAY_MS, so typing 'dragon' announces one count, not six.
 *
 * Hidden: the region is always in the page and empty until the first change.
 * Visible: the line is the region and shows the status at once; it is aria-live="off" until the
 * first status is on screen, then polite, so only later counts are announced.
 */
export function ResultsSummary({ heading, headingVisible = false, status, visible = false, statusHidden = false, 'data-testid': testId }: ResultsSummaryProps) {
  const texts = useCommonTexts();
  const { announced, armed } = useAnnouncement(status ?? null);
  const title = heading === null ? null : (heading ?? texts.results);

  let region = null;
  if (status !== undefined) {
    if (visible) {
      region = (
        <Text fz="sm" c="dimmed" mb="sm" role="status" aria-live={armed ? 'polite' : 'off'} aria-atomic="true" data-testid={testId ?? 'results-summary'}>
          {status === null ? '\u00a0' : statusHidden ? <VisuallyHidden component="span">{status}</VisuallyHidden> : status}
          {status !== null && statusHidden ? '\u00a0' : null}
        </Text>
      );
    } else {
      region = (
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid={testId ?? 'result-count'}>
          {announced}
        </VisuallyHidden>
      );
    }
  }

  return (
    <>
      {title === null ? null : headingVisible ? <Title order={2}>{title}</Title> : <VisuallyHidden component="h2">{title}</VisuallyHidden>}
      {region}
    </>
  );
}

/** What to announce: '' until the status changes after its first settled value; `armed` once that value is in. */
function useAnnouncement(status: string | null) {
  const last = useRef<string | null>(null);
  const [announced, setAnnounced] = useState('');
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (status === null) return;
    if (last.current === null) {
      last.current = status;
      setArmed(true);
      return;
    }
    if (status === last.current) return;
    const timer = setTimeout(() => {
      last.current = status;
      setAnnounced(status);
    }, ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return { announced, armed };
}
