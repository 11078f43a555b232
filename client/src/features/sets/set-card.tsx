import { Badge, Card, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconPlaylist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatClock } from '@tonieshelf/shared/format';
import { setPath } from '@tonieshelf/shared/values/set';
import type { SetSummary } from '@tonieshelf/shared/schemas/set';
import classes from '../../components/publishable/publishable.module.css';
import { ItemCover } from '../../components/publishable/item-cover';
import { authorName } from '../../components/publishable/item-format';
import { ItemStamps, ItemTags, LikeCount } from '../../components/publishable/item-card-parts';
import { AuthorByline } from '../../components/author-link';
import { useSetsTexts } from './sets-texts';

const COVER_HEIGHT = 150;

/**
 * A set in a grid (/sets, Discover, the user's own sets): cover or pastel colour with the 'Set'
 * badge, title, owner, tags (first 3 plus '+n'), chapters, likes and the total length as a clock
 * (12:34). The card is a link to the set page; the owner's name under it links to their profile. Figures shown as bare numbers carry their
 * meaning as visually hidden text (an aria-label on a plain element is not read).
 */
export function SetCard({ set, eagerCover = false }: { set: SetSummary /** The cover loads at once (a grid's first row). */; eagerCover?: boolean }) {
  const texts = useSetsTexts();
  const titleId = `set-card-${set.id}`;
  const owner = authorName(set.userProfile);

  return (
    <Card component="article" withBorder padding={0} className={classes.card} aria-labelledby={titleId} data-set-id={set.id} data-testid="set-card">
      <ItemCover id={set.id} coverImage={set.coverImage} title={set.title} height={COVER_HEIGHT} eager={eagerCover}>
        <ItemStamps draft={set.status === 'draft'} hidden={set.hiddenByModerators} texts={texts}>
          <Badge color="grape" variant="filled" size="sm" data-testid="set-badge" leftSection={<IconPlaylist size={12} aria-hidden />}>
            {texts.setBadge}
          </Badge>
        </ItemStamps>
      </ItemCover>
      <div className={classes.body}>
        <Title order={3} fz="md" lh={1.3} id={titleId} className={`${classes.wrap} ${classes.clamp2}`}>
          {set.title}
        </Title>
        <ItemTags tags={set.tags} texts={texts} />
        <Group gap="md" pt={4} mt="auto" c="dimmed" fz="xs" wrap="wrap" data-testid="set-counts">
          <Group gap={4} wrap="nowrap">
            <IconPlaylist size={14} aria-hidden />
            <Text span fz="xs" data-testid="set-chapter-count">
              {texts.chapters(set.chapterCount)}
            </Text>
          </Group>
          <LikeCount liked={set.hasLiked} count={set.likeCount} label={texts.likes(set.likeCount)} data-testid="set-like-count" />
          <Group gap={4} wrap="nowrap" ml="auto">
            <IconClock size={14} aria-hidden />
            <Text span fz="xs" data-testid="set-duration" aria-hidden>
              {formatClock(set.totalDuration)}
            </Text>
            <VisuallyHidden>{texts.totalDuration(formatClock(set.totalDuration))}</VisuallyHidden>
          </Group>
        </Group>
      </div>
      {/* Laid over the whole card (the title stays a heading; the link's name matches what it says). */}
      <Link to={setPath(set.id)} className={classes.cardButton} aria-label={texts.openSet(set.title)} />
      {/* Above the card's link (a link cannot hold another): the owner's name opens their profile. */}
      <Text fz="sm" c="dimmed" px="md" pb="md" mt={-6} className={`${classes.wrap} ${classes.overCardButton}`} data-testid="set-owner">
        <AuthorByline text={texts.byOwner} name={owner} username={set.userProfile.username} />
      </Text>
    </Card>
  );
}
