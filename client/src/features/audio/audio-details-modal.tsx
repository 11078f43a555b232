import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEyeOff, IconHeart, IconHeartFilled, IconLock, IconLogin2 } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatDuration, formatFileSize, formatShortDate } from '@tonieshelf/shared/format';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/schemas/moderation';
import { authPathWithNext } from '../auth/next-path';
import { HiddenByModerators } from '../legal/hidden-by-moderators';
import { ReportButton } from '../report/report-dialog';
import { audioTarget, userTarget } from '../report/report-target';
import { useCurrentUser } from '../auth/use-current-user';
import classes from './audio.module.css';
import { AudioCover } from './audio-cover';
import { authorName } from './audio-format';
import { AUDIO_TEXTS } from './audio-texts';
import { LicenceLink } from './licence-fields';
import { useDownloadAudio } from './api/use-download-audio';
import { useToggleLike } from './api/use-toggle-like';
import type { LikeState } from './api/use-toggle-like';

interface AudioDetailsModalProps {
  /** The file to show; null keeps the dialog closed. */
  file: AudioFile | null;
  onClose: () => void;
}

/**
 * An audio file's details over the list (SPEC §2): title, description, cover, the preview
 * player (signed in and with a file URL) or the 'Login Required' panel, duration, created date,
 * author, size, tags, script or lyrics, counts, and Like/Liked and Download.
 */
export function AudioDetailsModal({ file, onClose }: AudioDetailsModalProps) {
  const smallScreen = useMediaQuery('(max-width: 48em)') ?? false;
  // Keep the last file while the closing transition runs.
  const [shown, setShown] = useState(file);
  useEffect(() => {
    if (file) setShown(file);
  }, [file]);
  const current = file ?? shown;

  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      size="lg"
      fullScreen={smallScreen}
      radius={smallScreen ? 0 : 'lg'}
      padding={smallScreen ? 'md' : 'xl'}
      closeButtonProps={{ 'aria-label': AUDIO_TEXTS.closeDetails }}
      title={
        current ? (
          <Title order={2} fz={{ base: 'h3', sm: 'h2' }} className={classes.wrap} data-testid="audio-details-title">
            {current.title}
          </Title>
        ) : null
      }
      styles={{ title: { flex: 1, minWidth: 0 }, header: { alignItems: 'flex-start' } }}
      onExitTransitionEnd={() => setShown(null)}
    >
      {current ? <DetailsBody key={current.id} file={current} /> : null}
    </Modal>
  );
}

function DetailsBody({ file }: { file: AudioFile }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  const [like, setLike] = useState<LikeState>({ hasLiked: file.hasLiked, likeCount: file.likeCount });
  const likes = useToggleLike();
  const downloads = useDownloadAudio();
  const here = `${location.pathname}${location.search}`;
  const own = user !== null && user.id === file.userId;
  const author = authorName(file.userProfile);

  const facts = [
    { label: AUDIO_TEXTS.duration, value: formatDuration(file.duration), testId: 'detail-duration' },
    { label: AUDIO_TEXTS.created, value: formatShortDate(file.createdAt), testId: 'detail-created' },
    { label: AUDIO_TEXTS.author, value: author, testId: 'detail-author' },
    { label: AUDIO_TEXTS.size, value: formatFileSize(file.fileSize), testId: 'detail-size' },
  ];

  return (
    <Stack gap="lg" data-testid="audio-details">
      {file.hiddenByModerators ? (
        <Alert variant="light" color="red" icon={<IconEyeOff size={20} aria-hidden />} title={MODERATION_MESSAGES.hiddenByModerators} data-testid="details-hidden">
          <Stack gap={6} align="flex-start">
            {own ? <Text fz="sm">{AUDIO_TEXTS.hiddenOwnerNote}</Text> : null}
            <HiddenByModerators decisionId={file.decisionId} size="xs" />
          </Stack>
        </Alert>
      ) : null}
      {file.description ? (
        <Text className={classes.wrap} style={{ whiteSpace: 'pre-wrap' }}>
          {file.description}
        </Text>
      ) : null}

      {file.coverImage ? <AudioCover id={file.id} coverImage={file.coverImage} title={file.title} height={180} radius="var(--mantine-radius-lg)" /> : null}

      {user && file.fileUrl ? (
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {AUDIO_TEXTS.preview}
          </Text>
          <audio controls preload="none" className={classes.player} data-testid="audio-preview" src={file.fileUrl}>
            <source src={file.fileUrl} type="audio/mpeg" />
            {AUDIO_TEXTS.noAudioSupport}
          </audio>
        </Stack>
      ) : (
        <Alert variant="light" color="blue" icon={<IconLock size={20} aria-hidden />} title={AUDIO_TEXTS.loginRequired} data-testid="preview-login-required">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{AUDIO_TEXTS.loginToListen}</Text>
            <Button component={Link} to={authPathWithNext(here)} size="xs" leftSection={<IconLogin2 size={14} aria-hidden />}>
              {AUDIO_TEXTS.goToLogin}
            </Button>
          </Stack>
        </Alert>
      )}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="md" c="dimmed" fz="sm">
          <Text span fz="sm" data-testid="detail-like-count">
            {AUDIO_TEXTS.likes(like.likeCount)}
          </Text>
          <Text span fz="sm" data-testid="detail-download-count">
            {AUDIO_TEXTS.downloads(file.downloadCount)}
          </Text>
          {file.commentCount ? <Text span fz="sm">{AUDIO_TEXTS.comments(file.commentCount)}</Text> : null}
        </Group>
        <Group gap="sm">
          <Button
            variant={like.hasLiked ? 'filled' : 'light'}
            color="red"
            leftSection={like.hasLiked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
            loading={likes.isPending}
            aria-pressed={like.hasLiked}
            onClick={async () => {
              const next = await likes.toggle({ id: file.id, title: file.title, ...like });
              if (next) setLike(next);
            }}
          >
            {like.hasLiked ? AUDIO_TEXTS.liked : AUDIO_TEXTS.like}
          </Button>
          <Button leftSection={<IconDownload size={16} aria-hidden />} loading={downloads.isPending} onClick={() => void downloads.download(file)}>
            {AUDIO_TEXTS.download}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" style={{ margin: 0 }}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {fact.label}
            </Text>
            <Text component="dd" fz="sm" fw={500} m={0} className={classes.wrap} data-testid={fact.testId}>
              {fact.value}
            </Text>
            {fact.testId === 'detail-author' && !own ? (
              <ReportButton target={userTarget(file.userId, author)} size="compact-xs" fz="xs" fw={500} px={4} ml={-4} mt={2} aria-label={`${AUDIO_TEXTS.reportUser}: ${author}`}>
                {AUDIO_TEXTS.reportUser}
              </ReportButton>
            ) : null}
          </div>
        ))}
      </SimpleGrid>

      <Group gap={6} fz="sm" data-testid="detail-licence-row">
        <Text span fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {AUDIO_TEXTS.licenceFact}
        </Text>
        <LicenceLink licence={file.licence} />
      </Group>

      {file.overCreativeLimit ? (
        <Badge color="orange" variant="light" size="lg" tt="none">
          {AUDIO_TEXTS.overLimitHint}
        </Badge>
      ) : null}

      {file.tags.length > 0 ? (
        <Group gap={6} aria-label={AUDIO_TEXTS.tags}>
          {file.tags.map((tag) => (
            <Badge key={tag} variant="light" tt="none" fw={500}>
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}

      {file.scriptText ? (
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {AUDIO_TEXTS.script}
          </Text>
          <div className={classes.script} data-testid="audio-script">
            {file.scriptText}
          </div>
        </Stack>
      ) : null}

      {own ? null : (
        <Group justify="flex-end">
          <ReportButton target={audioTarget(file)} aria-label={AUDIO_TEXTS.reportFile}>
            {AUDIO_TEXTS.reportFile}
          </ReportButton>
        </Group>
      )}
    </Stack>
  );
}
