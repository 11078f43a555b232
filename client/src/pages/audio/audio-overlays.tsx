// An audio file's details dialog and Discover's filter panel, a chunk of their own (loaded by
// lazy-audio-overlays.tsx when first asked for).
import type { ComponentProps } from 'react';
import { useMounted } from '@mantine/hooks';
import { AudioDetailsModal } from '../../features/audio/audio-details-modal';
import { FilterDrawer } from '../../components/publishable/filter-drawer';
import { audioReport } from './audio-report';

// Each mounts closed and opens on its next render: Mantine's Modal and Drawer note the element to
// give focus back to only when `opened` changes, never at mount.

/** An audio file's details, with the report actions. */
export function AudioDetails({ file, onClose }: Pick<ComponentProps<typeof AudioDetailsModal>, 'file' | 'onClose'>) {
  const mounted = useMounted();
  return <AudioDetailsModal file={mounted ? file : null} onClose={onClose} report={audioReport} />;
}

/** The tag filter panel. */
export function AudioFilters(props: ComponentProps<typeof FilterDrawer>) {
  const mounted = useMounted();
  return <FilterDrawer {...props} opened={mounted && props.opened} />;
}
