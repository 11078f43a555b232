import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useMounted } from '@mantine/hooks';
import { dismissToniePreview } from '../../lib/tonie-preview';
import { useTonieDetailsSettled } from './api/use-catalogue-queries';
import type { TonieDetailsModalProps } from './tonie-details-modal';

type DetailsProps = Omit<TonieDetailsModalProps, 'parts'>;
/** The dialog as loaded, and a call once its prepared Tonie (`preparedId`) has been rendered. */
type LoadedProps = DetailsProps & { onPrepared?: (tonieId: number) => void };

/** Loads the dialog with its parts (the page's composition, a chunk of its own). */
export type LoadTonieDetails = () => Promise<ComponentType<DetailsProps>>;

/**
 * The dialog as loaded: it mounts closed and opens on the next render. Mantine's Modal notes the
 * element that had focus (to give it back on close) only when `opened` changes, never at mount;
 * a dialog mounted open would leave focus on the page's body when it closes.
 */
const lazyDetails = (load: LoadTonieDetails) =>
  lazy(async () => {
    const Details = await load();
    function OpenedAfterMount({ onPrepared, ...props }: LoadedProps) {
      const mountedClosed = useMounted();
      const open = mountedClosed && props.tonieId !== null;
      // The server's preview of this Tonie (lib/tonie-preview.ts) stays until the dialog has opened over it.
      useEffect(() => {
        if (open) dismissToniePreview(true);
      }, [open]);
      const prepared = props.preparedId ?? null;
      useEffect(() => {
        if (prepared !== null) onPrepared?.(prepared);
      }, [prepared]); // once per Tonie rendered ahead
      return <Details {...props} tonieId={mountedClosed ? props.tonieId : null} />;
    }
    return { default: OpenedAfterMount };
  });

/** How long the server's preview of a shared Tonie may cover the page while its dialog waits for the details. */
const PREVIEW_HELD_MAX_MS = 4000;

/** After the list has shown, the details' code is fetched while the browser is idle. */
const WARM_UP_DELAY_MS = 2000;

/**
 * The Tonie details dialog, its code (reviews, rating and report forms) out of the catalogue's
 * first load: fetched at once when the address names a Tonie, else a moment after the page has
 * shown, so the first click on a card opens the dialog without a wait.
 *
 * A dialog the address opens (a shared link, a reload) opens once its Tonie, rating summary and
 * newest reviews have arrived, asked for beside the dialog's code: it appears whole, instead of as
 * skeletons that the content then pushes about (a layout shift nobody caused). Meanwhile the
 * server's preview of the Tonie (its name and picture, lib/tonie-preview.ts) stands in its place.
 * A dialog opened by a click opens at once, as before.
 */
export function LazyTonieDetailsModal({ load, ...props }: DetailsProps & { load: LoadTonieDetails }) {
  const [TonieDetailsModal] = useState(() => lazyDetails(load));
  const opened = props.tonieId !== null;
  // Once mounted, stays mounted: the dialog's closing transition needs it.
  const [mounted, setMounted] = useState(opened);
  // Opened by the address when the page loaded: held until its content is there and rendered (once).
  const [holding, setHolding] = useState(opened);
  const settled = useTonieDetailsSettled(holding ? props.tonieId : null);
  // Its content arrived: rendered into the closed dialog as a transition, which React does in
  // slices between the browser's other work, instead of all at once in the opening frame.
  // Kept by id: should the address name another Tonie meanwhile, that one is prepared in turn.
  const [preparing, setPreparing] = useState<number | null>(null);
  const [prepared, setPrepared] = useState<number | null>(null);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  useEffect(() => {
    if (holding && settled && preparing !== props.tonieId) startTransition(() => setPreparing(props.tonieId));
  }, [holding, settled, preparing, props.tonieId]);
  useEffect(() => {
    if (holding && (prepared === props.tonieId || !opened)) setHolding(false);
  }, [holding, prepared, opened, props.tonieId]);
  // The preview covers the page while the dialog is held: after a while without the details
  // (a slow connection), the page is let free as it was before, and the dialog comes when they do.
  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => dismissToniePreview(), PREVIEW_HELD_MAX_MS);
    return () => window.clearTimeout(timer);
  }, [holding]);
  // No dialog to come (the address no longer names a Tonie, or the page is left): no preview of one.
  useEffect(() => {
    if (!opened) dismissToniePreview();
  }, [opened]);
  useEffect(() => () => dismissToniePreview(), []);
  useEffect(() => {
    // A failure here is ignored: the dialog's own load asks again and its boundary answers.
    const timer = window.setTimeout(() => void load().catch(() => undefined), WARM_UP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [load]);
  if (!mounted && !opened) return null;
  return (
    <Suspense fallback={null}>
      <TonieDetailsModal
        {...props}
        tonieId={holding ? null : props.tonieId}
        preparedId={holding && settled && preparing === props.tonieId ? preparing : null}
        onPrepared={setPrepared}
      />
    </Suspense>
  );
}
