import { Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

interface RemovableTagProps {
  tag: string;
  onRemove: () => void;
  disabled?: boolean;
  /** 'md' inside a tag field, 'lg' (default) in a row of filters. */
  size?: 'md' | 'lg';
}

/** A tag chip with a small remove button ('Remove tag …'). */
export function RemovableTag({ tag, onRemove, disabled, size = 'lg' }: RemovableTagProps) {
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
          aria-label={`Remove tag ${tag}`}
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
}

/** The row of selected tag filters: a removable chip per tag and a button that clears them. */
export function ActiveTagFilters({ label, clearLabel, tags, onChange }: ActiveTagFiltersProps) {
  if (tags.length === 0) return null;
  return (
    <Group gap="xs" data-testid="active-filters">
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      {tags.map((tag) => (
        <RemovableTag key={tag} tag={tag} onRemove={() => onChange(tags.filter((t) => t !== tag))} />
      ))}
      <Button variant="subtle" size="compact-sm" color="gray" onClick={() => onChange([])}>
        {clearLabel}
      </Button>
    </Group>
  );
}
