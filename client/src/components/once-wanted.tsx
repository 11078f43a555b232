// A part whose code comes when it is first wanted (a dialog, a panel): nothing until then, then
// mounted for good (its closing transitions, its state). Code gone with a new version reloads the
// page once; any other failed load shows nothing and tells onError.
import { Suspense, type ReactNode } from 'react';
import { useOnceWanted } from '../lib/use-once-wanted';
import { LoadBoundary } from './load-boundary';

interface OnceWantedProps {
  wanted: boolean;
  onError?: (error: unknown) => void;
  /** The lazily loaded part. */
  children: ReactNode;
}

export function OnceWanted({ wanted, onError, children }: OnceWantedProps) {
  if (!useOnceWanted(wanted)) return null;
  return (
    <LoadBoundary fallback={null} onError={onError} reloadForNewVersion>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  );
}
