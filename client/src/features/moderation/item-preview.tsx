import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ItemPreview as ItemPreviewData } from '@tonieshelf/shared/schemas/moderation';
import { isSuspendedNow, useModerationFormat } from './moderation-format';
import { useModerationTexts } from './moderation-texts';

interface ItemPreviewProps {
  item: ItemPreviewData;
  /** The heading level of the item's label. */
  headingLevel?: 3 | 4;
}

/**
 * A reported item as the queue shows it, so a moderator can judge it without leaving: its kind,
 * label (a link to where it is seen), 'Hidden' / 'Deleted', its owner (and their suspension),
 * an excerpt, and a player for an audio file.
 */
export function ItemPreview({ item, headingLevel = 3 }: ItemPreviewProps) {
  const texts = useModerationTexts();
  const format = useModerationFormat();
  const suspended = item.owner?.suspendedUntil && isSuspendedNow(item.owner.suspendedUntil) ? item.owner.suspendedUntil : null;
  return (
    <Stack gap={6} data-testid="item-preview" miw={0}>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color="gray" radius="sm">
          {texts.itemTypes[item.targetType] ?? item.targetType}
        </Badge>
        {item.hidden ? (
          <Badge color="orange" radius="sm" data-testid="hidden-badge">
            {texts.hidden}
          </Badge>
        ) : null}
        {!item.exists ? (
          <Badge color="red" radius="sm" data-testid="deleted-badge">
            {texts.deleted}
          </Badge>
        ) : null}
      </Group>
      <Text component={`h${headingLevel}`} fw={700} fz="lg" m={0} style={{ overflowWrap: 'anywhere' }}>
        {item.url && item.exists ? (
          <Anchor component={Link} to={item.url} inherit target="_blank" rel="noopener">
            {item.label}
            <IconExternalLink size={14} aria-label={`${texts.open} ${texts.newTab}`} style={{ marginLeft: 4, verticalAlign: 'middle' }} />
          </Anchor>
        ) : (
          item.label
        )}
      </Text>
      {item.owner ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {texts.owner}:{' '}
            <Text span inherit fw={600} c="var(--mantine-color-text)">
              {item.owner.username}
            </Text>
          </Text>
          {suspended ? (
            <Badge color="red" variant="light" radius="sm" data-testid="suspended-badge">
              {format.suspension(suspended)}
            </Badge>
          ) : null}
        </Group>
      ) : null}
      {item.excerpt ? (
        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="item-excerpt">
          {item.excerpt}
        </Text>
      ) : null}
      {item.fileUrl ? <audio controls preload="none" src={item.fileUrl} aria-label={`${texts.listen}: ${item.label}`} style={{ width: '100%', maxWidth: 420 }} /> : null}
    </Stack>
  );
}
