// The audio overlays (audio-overlays.tsx) as the lists use them: nothing until first asked for,
// then mounted for good (OnceWanted); a failed load leaves the list as it is.
import { lazy, useEffect, type ComponentProps } from 'react';
import { OnceWanted } from '../../components/once-wanted';

const loadOverlays = () => import('./audio-overlays');
const AudioDetails = lazy(async () => ({ default: (await loadOverlays()).AudioDetails }));
const AudioFilters = lazy(async () => ({ default: (await loadOverlays()).AudioFilters }));

/** After a list has shown, the overlays' code is fetched this much later, while the browser is idle. */
const WARM_UP_DELAY_MS = 2000;

/** Fetches the overlays' code a moment after the list has shown, so the first click opens at once. */
export function useWarmUpAudioOverlays(): void {
  useEffect(() => {
    const timer = window.setTimeout(() => void loadOverlays().catch(() => undefined), WARM_UP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

/** An audio file's details dialog (with the report actions); null keeps it closed. */
export function LazyAudioDetails(props: ComponentProps<typeof AudioDetails>) {
  return (
    <OnceWanted wanted={props.file !== null}>
      <AudioDetails {...props} />
    </OnceWanted>
  );
}

/** Discover's tag filter panel. */
export function LazyAudioFilters(props: ComponentProps<typeof AudioFilters>) {
  return (
    <OnceWanted wanted={props.opened}>
      <AudioFilters {...props} />
    </OnceWanted>
  );
}
