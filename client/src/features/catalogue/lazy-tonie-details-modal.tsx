import { lazy, Suspense, useEffect, useState } from 'react';
import { useMounted } from '@mantine/hooks';
import type { ComponentProps } from 'react';
import { usePreloadAfter } from '../../lib/preload';
import { useTonieDetailsSettled } from './api/use-catalogue-queries';

const loadDetails = () => import('./tonie-details-modal');
type DetailsProps = ComponentProps<Awaited<ReturnType<typeof loadDetails>>['TonieDetailsModal']>;

/**
 * The dialog as loaded: it mounts closed and opens on the next render. Mantine's Modal notes the
 * element that had focus (to give it back on close) only when `opened` changes, never at mount;
 * a dialog mounted open would leave focus on the page's body when it closes.
 */
const TonieDetailsModal = lazy(async () => {
  const { TonieDetailsModal: Details } = await loadDetails();
  function OpenedAfterMount(props: DetailsProps) {
    const mountedClosed = useMounted();
    return <Details {...props} tonieId={mountedClosed ? props.tonieId : null} />;
  }
  return { default: OpenedAfterMount };
});

/** After the list has shown, the details' code is fetched while the browser is idle. */
const WARM_UP_DELAY_MS = 2000;

/**
 * The Tonie details dialog, its code (reviews, rating and report forms) out of the catalogue's
 * first load: fetched at once when the address names a Tonie, else a moment after the page has
 * shown, so the first click on a card opens the dialog without a wait.
 *
 * A dialog the address opens (a shared link, a reload) opens once its Tonie, rating summary and
 * newest reviews have arrived, asked for beside the dialog's code: it appears whole, instead of as
 * skeletons that the content then pushes about (a layout shift nobody caused). A dialog opened by
 * a click opens at once, as before.
 */
export function LazyTonieDetailsModal(props: DetailsProps) {
  const opened = props.tonieId !== null;
  // Once mounted, stays mounted: the dialog's closing transition needs it.
  const [mounted, setMounted] = useState(opened);
  // Opened by the address when the page loaded: held until its content is there (once).
  const [holding, setHolding] = useState(opened);
  const settled = useTonieDetailsSettled(holding ? props.tonieId : null);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  useEffect(() => {
    if (holding && (settled || !opened)) setHolding(false);
  }, [holding, settled, opened]);
  usePreloadAfter(loadDetails, WARM_UP_DELAY_MS);
  if (!mounted && !opened) return null;
  return (
    <Suspense fallback={null}>
      <TonieDetailsModal {...props} tonieId={holding && !settled ? null : props.tonieId} />
    </Suspense>
  );
}
