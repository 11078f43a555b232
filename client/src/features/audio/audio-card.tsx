import type { ReactNode } from 'react';
import { Badge, Card, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconClock, IconDownload, IconHeart, IconHeartFilled, IconMessageCircle } from '@tabler/icons-react';
import { useFormat } from '../../i18n/use-format';
import classes from './audio.module.css';
import { AudioCover } from './audio-cover';
import { authorName, splitAudioTags } from './audio-format';
import { AuthorByline } from '../../components/author-link';
import { useProfileTexts } from '../profiles/profile-texts';
import { useAudioTexts } from './audio-texts';
import { LicenceBadge } from './licence-fields';
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
  const profileTexts = useProfileTexts();
  const format = useFormat();
  const { shown, more } = splitAudioTags(file.tags);
  const titleId = `audio-card-${file.id}`;
  const over = file.overCreativeLimit;

  const content = (
    <>
      <AudioCover id={file.id} coverImage={file.coverImage} title={file.title} height={COVER_HEIGHT} eager={eagerCover}>
        <Group gap={6}>
          {file.status === 'draft' ? (
            <Badge color="gray" variant="filled" size="sm">
              {texts.draft}
            </Badge>
          ) : null}
          {file.hiddenByModerators ? (
            <Badge color="red" variant="filled" size="sm" tt="none" data-testid="card-hidden-badge">
              {texts.hiddenByModerators}
            </Badge>
          ) : null}
        </Group>
        {over ? (
          <Tooltip label={texts.overLimitHint} withArrow>
            <Badge color="orange" variant="filled" size="sm" data-testid="over-limit-badge" style={{ pointerEvents: 'auto', position: 'relative', zIndex: 2 }}>
              {texts.overLimit}
            </Badge>
          </Tooltip>
        ) : null}
      </AudioCover>
      <div className={classes.body}>
        <Title order={3} fz="md" lh={1.3} id={titleId} className={`${classes.wrap} ${classes.clamp2}`}>
          {file.title}
        </Title>
        {file.description ? (
          <Text fz="sm" c="dimmed" lh={1.5} className={`${classes.wrap} ${classes.clamp2}`}>
            {file.description}
          </Text>
        ) : null}
        {file.tags.length > 0 ? (
          <Group gap={6}>
            {shown.map((tag) => (
              <Badge key={tag} variant="light" color="gray" size="sm" tt="none" fw={500} maw="100%">
                {tag}
              </Badge>
            ))}
            {more > 0 ? (
              <Badge variant="outline" color="gray" size="sm" tt="none" fw={500} aria-label={texts.moreTags(more)}>
                +{format.count(more)}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Group gap={6} mt="auto">
          <LicenceBadge licence={file.licence} />
        </Group>
        <Group gap="md" pt={4} c="dimmed" fz="xs" wrap="wrap" data-testid="audio-counts">
          <Group gap={4} wrap="nowrap" aria-label={texts.likes(file.likeCount)}>
            {file.hasLiked ? <IconHeartFilled size={14} color="var(--mantine-color-red-6)" aria-hidden /> : <IconHeart size={14} aria-hidden />}
            <Text span fz="xs" data-testid="like-count">
              {format.count(file.likeCount)}
            </Text>
          </Group>
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
      <AuthorByline text={profileTexts.byAuthor} name={authorName(file.userProfile, texts.anonymous)} username={file.userProfile.username} />
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
