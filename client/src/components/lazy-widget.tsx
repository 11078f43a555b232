// A widget whose code comes in a chunk of its own (React.lazy): Mantine's dropdowns and what sits
// on floating-ui are code the first paint does not need. Until the code is there, and for good
// if it cannot be loaded, the widget's stand-in shows: the same look, built from what the page
// has anyway. What the visitor did to the stand-in (pressed or focused it) is handed to the
// widget, which then opens or takes the focus.
import { Suspense, useState, type ReactNode } from 'react';
import { useShellTexts } from '../i18n/shell-texts';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/stale-chunks';
import { toast } from '../lib/toast';
import { LoadBoundary } from './load-boundary';

/** What the visitor did to a stand-in: pressed it (open the widget) or focused it. */
export type Reach = 'open' | 'focus' | null;

export interface StandInHandlers {
  /** The visitor pressed (`open`) or focused the stand-in. */
  reach: (how: 'open' | 'focus') => void;
  /** The stand-in lost the focus: what was done to it no longer counts. */
  forget: () => void;
}

interface LazyWidgetProps {
  standIn: (handlers: StandInHandlers) => ReactNode;
  /** The widget (a lazy component), given what the visitor did to its stand-in meanwhile. */
  children: (reach: Reach) => ReactNode;
}

export function LazyWidget({ standIn, children }: LazyWidgetProps) {
  const [reach, setReach] = useState<Reach>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const handlers: StandInHandlers = {
    reach: (how) => {
      if (!failure) setReach((previous) => (previous === 'open' ? previous : how));
      else if (how === 'open') sayControlFailed(failure.error);
    },
    forget: () => setReach(null),
  };
  const fallback = standIn(handlers);
  const failed = (error: unknown) => {
    setFailure({ error });
    // Pressed while its code was on its way: say what happened.
    if (reach === 'open') sayControlFailed(error);
  };
  return (
    <LoadBoundary fallback={fallback} onError={failed}>
      <Suspense fallback={fallback}>{children(reach)}</Suspense>
    </LoadBoundary>
  );
}

/** A chunk of an older version that is gone: reload once for the new one. Otherwise, or if that was done a moment ago, say what happened. */
function sayControlFailed(error: unknown): void {
  if (isChunkLoadError(error) && reloadOnceForNewVersion()) return;
  const texts = useShellTexts.get().shell;
  toast({ title: texts.controlLoadFailedTitle, message: texts.pageLoadFailedMessage, variant: 'destructive' });
}
