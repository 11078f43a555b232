import type { ReactNode } from 'react';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { LazyTooltip } from '../../components/lazy-widgets';
import { IconClock, IconDownload, IconMessageCircle } from '@tabler/icons-react';
import { useFormat } from '../../i18n/use-format';
import classes from '../../components/publishable/publishable.module.css';
import { ItemCover } from '../../components/publishable/item-cover';
import { authorName } from '../../components/publishable/item-format';
import { ItemStamps, ItemTags, LikeCount } from '../../components/publishable/item-card-parts';
import { AuthorByline } from '../../components/author-link';
import { useAudioTexts } from './audio-texts';
import { LicenceBadge } from '../../components/publishable/licence-fields';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';

const COVER_HEIGHT = 150;

interface AudioCardProps {
  file: AudioFile;
  /** Opens the detail dialog (the whole card is the button when there are no `actions`). */
  onOpen: () => void;
  /** Buttons under the card (the older page: Like, Details, Download). */
  actions?: ReactNode;
  /** The cover loads at once (the grid's first row) rather than when scrolled near. */
  eagerCover?: boolean;
}

/**
 * An audio file in a grid (SPEC §2): cover or pastel colour, title, description, tags (first 3
 * plus '+n'), the licence, like, comment and download counts, duration as 'x mins y sec', a badge
 * when it is longer than a Creative Tonie holds, and 'Hidden by moderators' on the owner's own
 * hidden file.
 */
export function AudioCard({ file, onOpen, actions, eagerCover = false }: AudioCardProps) {
  const texts = useAudioTexts();
  const format = useFormat();
  const titleId = `audio-card-${file.id}`;
  const over = file.overCreativeLimit;

  const content = (
    <>
      <ItemCover id={file.id} coverImage={file.coverImage} title={file.title} height={COVER_HEIGHT} eager={eagerCover}>
        <ItemStamps draft={file.status === 'draft'} hidden={file.hiddenByModerators} texts={texts} />
        {over ? (
          <LazyTooltip label={texts.overLimitHint} withArrow>
            <Badge color="orange" variant="filled" size="sm" data-testid="over-limit-badge" style={{ pointerEvents: 'auto', position: 'relative', zIndex: 2 }}>
              {texts.overLimit}
            </Badge>
          </LazyTooltip>
        ) : null}
      </ItemCover>
      <div className={classes.body}>
        <Title order={3} fz="md" lh={1.3} id={titleId} className={`${classes.wrap} ${classes.clamp2}`}>
          {file.title}
        </Title>
        {file.description ? (
          <Text fz="sm" c="dimmed" lh={1.5} className={`${classes.wrap} ${classes.clamp2}`}>
            {file.description}
          </Text>
        ) : null}
        <ItemTags tags={file.tags} texts={texts} />
        <Group gap={6} mt="auto">
          <LicenceBadge licence={file.licence} />
        </Group>
        <Group gap="md" pt={4} c="dimmed" fz="xs" wrap="wrap" data-testid="audio-counts">
          <LikeCount liked={file.hasLiked} count={file.likeCount} label={texts.likes(file.likeCount)} data-testid="like-count" />
          <Group gap={4} wrap="nowrap" aria-label={texts.comments(file.commentCount ?? 0)}>
            <IconMessageCircle size={14} aria-hidden />
            <Text span fz="xs">
              {format.count(file.commentCount ?? 0)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" aria-label={texts.downloads(file.downloadCount)}>
            <IconDownload size={14} aria-hidden />
            <Text span fz="xs" data-testid="download-count">
              {format.count(file.downloadCount)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" ml="auto">
            <IconClock size={14} aria-hidden />
            <Text span fz="xs" data-testid="duration">
              {format.duration(file.duration)}
            </Text>
          </Group>
        </Group>
      </div>
    </>
  );

  // Outside the card's button (a button cannot hold a link): the author's name opens their profile.
  const byline = (
    <Text fz="xs" c="dimmed" px="md" pb={actions ? 'xs' : 'md'} mt={-6} className={classes.wrap} data-testid="audio-author">
      <AuthorByline text={texts.byAuthor} name={authorName(file.userProfile, texts.anonymous)} username={file.userProfile.username} />
    </Text>
  );

  return (
    <Card component="article" withBorder padding={0} className={classes.card} aria-labelledby={titleId} data-audio-id={file.id} data-testid="audio-card">
      {actions ? (
        <>
          {content}
          {byline}
          <div className={classes.footer}>{actions}</div>
        </>
      ) : (
        <>
          {content}
          {/* Laid over the whole card (not around it: the title stays a heading and the name matches what it says). */}
          <button type="button" className={classes.cardButton} onClick={onOpen} aria-label={`${texts.details}: ${file.title}`} />
          <div className={classes.overCardButton}>{byline}</div>
        </>
      )}
    </Card>
  );
}
