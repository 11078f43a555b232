import { Badge, Card, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconHeart, IconHeartFilled, IconPlaylist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatClock } from '@tonieshelf/shared/format';
import { setPath } from '@tonieshelf/shared/values/set';
import type { SetSummary } from '@tonieshelf/shared/schemas/set';
import { useFormat } from '../../i18n/use-format';
import classes from '../audio/audio.module.css';
import { AudioCover } from '../audio/audio-cover';
import { authorName, splitAudioTags } from '../audio/audio-format';
import { AuthorByline } from '../../components/author-link';
import { useSetsTexts } from './sets-texts';

const COVER_HEIGHT = 150;

/**
 * A set in a grid (/sets, Discover, the user's own sets): cover or pastel colour with the 'Set'
 * badge, title, owner, tags (first 3 plus '+n'), chapters, likes and the total length as a clock
 * (12:34). The card is a link to the set page; the owner's name under it links to their profile. Figures shown as bare numbers carry their
 * meaning as visually hidden text (an aria-label on a plain element is not read).
 */
export function SetCard({ set, eagerCover = false }: { set: SetSummary; /** The cover loads at once (a grid's first row). */ eagerCover?: boolean }) {
  const texts = useSetsTexts();
  const format = useFormat();
  const { shown, more } = splitAudioTags(set.tags);
  const titleId = `set-card-${set.id}`;
  const owner = authorName(set.userProfile);

  return (
    <Card component="article" withBorder padding={0} className={classes.card} aria-labelledby={titleId} data-set-id={set.id} data-testid="set-card">
      <AudioCover id={set.id} coverImage={set.coverImage} title={set.title} height={COVER_HEIGHT} eager={eagerCover}>
          <Group gap={6}>
            <Badge color="grape" variant="filled" size="sm" data-testid="set-badge" leftSection={<IconPlaylist size={12} aria-hidden />}>
              {texts.setBadge}
            </Badge>
            {set.status === 'draft' ? (
              <Badge color="gray" variant="filled" size="sm">
                {texts.draft}
              </Badge>
            ) : null}
            {set.hiddenByModerators ? (
              <Badge color="red" variant="filled" size="sm" tt="none">
                {texts.hiddenByModerators}
              </Badge>
            ) : null}
          </Group>
        </AudioCover>
        <div className={classes.body}>
          <Title order={3} fz="md" lh={1.3} id={titleId} className={`${classes.wrap} ${classes.clamp2}`}>
            {set.title}
          </Title>
          {set.tags.length > 0 ? (
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
          ) : null}
          <Group gap="md" pt={4} mt="auto" c="dimmed" fz="xs" wrap="wrap" data-testid="set-counts">
            <Group gap={4} wrap="nowrap">
              <IconPlaylist size={14} aria-hidden />
              <Text span fz="xs" data-testid="set-chapter-count">
                {texts.chapters(set.chapterCount)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              {set.hasLiked ? <IconHeartFilled size={14} color="var(--mantine-color-red-6)" aria-hidden /> : <IconHeart size={14} aria-hidden />}
              <Text span fz="xs" data-testid="set-like-count" aria-hidden>
                {format.count(set.likeCount)}
              </Text>
              <VisuallyHidden>{texts.likes(set.likeCount)}</VisuallyHidden>
            </Group>
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
