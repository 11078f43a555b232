// The parts audio and set cards share: the stamps over the cover, the first tags with '+n', and
// the like count. Each card brings its own words (the audio's and the sets' texts both have them).
import type { ReactNode } from 'react';
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useFormat } from '../../i18n/use-format';
import { splitItemTags } from './item-format';

interface ItemStampsProps {
  draft: boolean;
  hidden: boolean;
  texts: { draft: string; hiddenByModerators: string };
  /** Stamps of the card's own, first (a set's 'Set'). */
  children?: ReactNode;
}

/** Over a card's cover: the card's own stamps, 'Draft', and 'Hidden by moderators' on the owner's hidden item. */
export function ItemStamps({ draft, hidden, texts, children }: ItemStampsProps) {
  return (
    <Group gap={6}>
      {children}
      {draft ? (
        <Badge color="gray" variant="filled" size="sm">
          {texts.draft}
        </Badge>
      ) : null}
      {hidden ? (
        <Badge color="red" variant="filled" size="sm" tt="none" data-testid="card-hidden-badge">
          {texts.hiddenByModerators}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A card's first 3 tags and '+n' for the rest (its meaning as visually hidden text: an aria-label on a plain element is not read). */
export function ItemTags({ tags, texts }: { tags: readonly string[]; texts: { moreTags: (n: number) => string } }) {
  const format = useFormat();
  const { shown, more } = splitItemTags(tags);
  if (tags.length === 0) return null;
  return (
    <Group gap={6}>
      {shown.map((tag) => (
        <Badge key={tag} variant="light" color="gray" size="sm" tt="none" fw={500} maw="100%">
          {tag}
        </Badge>
      ))}
      {more > 0 ? (
        <Badge variant="outline" color="gray" size="sm" tt="none" fw={500}>
          <span aria-hidden>+{format.count(more)}</span>
          <VisuallyHidden>{texts.moreTags(more)}</VisuallyHidden>
        </Badge>
      ) : null}
    </Group>
  );
}

/** A card's likes: a heart (filled when the viewer liked it) and the count, read out as `label`. */
export function LikeCount({ liked, count, label, 'data-testid': testId }: { liked: boolean; count: number; label: string; 'data-testid': string }) {
  const format = useFormat();
  return (
    <Group gap={4} wrap="nowrap">
      {liked ? <IconHeartFilled size={14} color="var(--mantine-color-red-6)" aria-hidden /> : <IconHeart size={14} aria-hidden />}
      <Text span fz="xs" data-testid={testId} aria-hidden>
        {format.count(count)}
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Group>
  );
}
