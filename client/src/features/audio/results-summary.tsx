import classes from './audio.module.css';

interface ResultsSummaryProps {
  /** The section heading over the grid (an h2, so the page goes h1 → h2 → the cards' h3). */
  heading: string;
  /** What the list shows now ('12 audio files, page 1 of 3'); null while it loads. */
  status: string | null;
}

/**
 * For screen readers above a grid of results: an h2 and a polite status line that stays mounted,
 * so a new count after a search, filter or page change is announced.
 */
export function ResultsSummary({ heading, status }: ResultsSummaryProps) {
  return (
    <>
      <h2 className={classes.visuallyHidden}>{heading}</h2>
      <div role="status" aria-live="polite" aria-atomic="true" className={classes.visuallyHidden} data-testid="result-count">
        {status ?? ''}
      </div>
    </>
  );
}
