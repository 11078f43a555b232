import type { ComponentPropsWithRef } from 'react';
import { Badge, Button, Group, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconTags } from '@tabler/icons-react';
import { useCatalogueTexts } from './catalogue-texts';

/** 'Filter by Tags' and how many tags are selected (Popover.Target hands it its handlers and ref). */
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
