import { lazy } from 'react';
import { LazyWidget } from '../../components/lazy-widget';
import { TagFilterButton } from './tag-filter-button';
import type { TagFilterProps } from './tag-filter-dropdown';

const TagFilterDropdown = lazy(async () => ({ default: (await import('./tag-filter-dropdown')).TagFilterDropdown }));

/**
 * 'Filter by Tags' (SPEC §2): TagFilterDropdown (tag-filter-dropdown.tsx) once its code is there;
 * until then its button, which opens it once it is.
 */
export function TagFilter(props: TagFilterProps) {
  return (
    <LazyWidget
      standIn={({ reach, forget }) => <TagFilterButton selected={props.selected} aria-haspopup="dialog" aria-expanded={false} onClick={() => reach('open')} onBlur={forget} />}
    >
      {(reach) => <TagFilterDropdown {...props} openAtOnce={reach === 'open'} />}
    </LazyWidget>
  );
}
