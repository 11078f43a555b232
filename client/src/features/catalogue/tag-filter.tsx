import { useId, useState, type ComponentPropsWithRef } from 'react';
import { Badge, Button, Group, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconTags } from '@tabler/icons-react';
import type { TagGroups } from '@tonieshelf/shared/schemas/tag';
import { forgetReach, isLastReached, reachWidget, requestWidgets, useWidgets } from '../../components/deferred/widgets-loader';
import { useCatalogueTexts } from './catalogue-texts';

export interface TagFilterProps {
  /** The catalogue's tags in groups, with counts. */
  groups: TagGroups['groups'];
  isLoading: boolean;
  selected: string[];
  onChange: (tags: string[]) => void;
}

/**
 * 'Filter by Tags' (SPEC §2): TagFilterDropdown (tag-filter-dropdown.tsx) once the dropdown
 * widgets have loaded; until then its button, which opens it once they have.
 */
export function TagFilter(props: TagFilterProps) {
  const widgets = useWidgets();
  const id = useId();
  const [asked, setAsked] = useState(false);
  if (widgets) return <widgets.TagFilterDropdown {...props} openAtOnce={asked && isLastReached(id)} />;
  return (
    <TagFilterButton
      selected={props.selected}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        setAsked(true);
        reachWidget(id, true);
      }}
      onPointerEnter={requestWidgets}
      onBlur={() => forgetReach(id)}
    />
  );
}

/** The button: 'Filter by Tags' and how many tags are selected (Popover.Target hands it its handlers and ref). */
export function TagFilterButton({ selected, ...others }: { selected: string[] } & ButtonProps & ComponentPropsWithRef<'button'>) {
  const texts = useCatalogueTexts();
  return (
    <Button
      variant={selected.length > 0 ? 'light' : 'default'}
      leftSection={<IconTags size={16} aria-hidden />}
      rightSection={
        <Group gap={6} wrap="nowrap">
          {selected.length > 0 ? (
            <Badge size="sm" circle variant="filled" aria-label={texts.selectedCount(selected.length)} data-testid="tag-count">
              {selected.length}
            </Badge>
          ) : null}
          <IconChevronDown size={14} aria-hidden />
        </Group>
      }
      {...others}
    >
      {texts.filterByTags}
    </Button>
  );
}
