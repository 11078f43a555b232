import type { ReactNode } from 'react';
import { Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useCommonTexts } from './common-texts';

interface RemovableTagProps {
  tag: string;
  onRemove: () => void;
  disabled?: boolean;
  /** 'md' inside a tag field, 'lg' (default) in a row of filters. */
  size?: 'md' | 'lg';
  /** The remove button's name; default 'Remove tag …'. */
  removeLabel?: string;
}

/** A tag chip with a small remove button ('Remove tag …'). */
export function RemovableTag({ tag, onRemove, disabled, size = 'lg', removeLabel }: RemovableTagProps) {
  const texts = useCommonTexts();
  return (
    <Badge
      variant="light"
      size={size}
      tt="none"
      fw={500}
      pr={3}
      rightSection={
        <CloseButton
          size="xs"
          radius="xl"
          variant="transparent"
          c="inherit"
          disabled={disabled}
          aria-label={removeLabel ?? texts.removeTag(tag)}
          onClick={onRemove}
          icon={<IconX size={12} aria-hidden />}
        />
      }
    >
      {tag}
    </Badge>
  );
}

interface ActiveTagFiltersProps {
  /** The row's label, e.g. 'Active filters:' (catalogue) or 'Active Filters' (Discover). */
  label: string;
  /** The button that removes them all, e.g. 'Clear all' or 'Clear All'. */
  clearLabel: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The remove buttons' names (default 'Remove tag …'). */
  removeLabel?: (tag: string) => string;
  /** Other removable filters shown before the tags (e.g. the catalogue's language, age, series). */
  children?: ReactNode;
  /** Whether `children` holds any filter (then the row shows without tags too). */
  hasOthers?: boolean;
  /** 'Clear all' clears the other filters too. */
  onClearAll?: () => void;
}

/** The row of selected tag filters: a removable chip per tag and a button that clears them. */
export function ActiveTagFilters({ label, clearLabel, tags, onChange, removeLabel, children, hasOthers = false, onClearAll }: ActiveTagFiltersProps) {
  if (tags.length === 0 && !hasOthers) return null;
  return (
    <Group gap="xs" data-testid="active-filters">
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      {children}
      {tags.map((tag) => (
        <RemovableTag key={tag} tag={tag} removeLabel={removeLabel?.(tag)} onRemove={() => onChange(tags.filter((t) => t !== tag))} />
      ))}
      <Button variant="subtle" size="compact-sm" color="gray" onClick={() => (onClearAll ? onClearAll() : onChange([]))}>
        {clearLabel}
      </Button>
    </Group>
  );
}
