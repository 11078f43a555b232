import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEyeOff, IconHeart, IconHeartFilled, IconLock, IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { useFormat } from '../../i18n/use-format';
import { authPathWithNext } from '../../lib/next-path';
import { HiddenByModerators } from '../../components/hidden-by-moderators';
import { useCurrentUser } from '../../lib/use-current-user';
import { useTRPC } from '../../lib/trpc';
import classes from '../../components/publishable/publishable.module.css';
import audioClasses from './audio-details.module.css';
import { ItemCover } from '../../components/publishable/item-cover';
import { authorName } from '../../components/publishable/item-format';
import { useAudioTexts } from './audio-texts';
import { LicenceLink } from '../../components/publishable/licence-fields';
import { AuthorLink } from '../../components/author-link';
import { useDownloadAudio } from './api/use-download-audio';
import { useToggleLike } from './api/use-toggle-like';
import type { LikeState } from './api/use-toggle-like';
import { useLoudnessLabel, Waveform } from '../../components/publishable/waveform';
import { useWaveformTexts } from '../../components/publishable/waveform-texts';

/** The page's report actions on someone else's file: the file itself, and its author (`name` as shown). */
export interface AudioReportActions {
  file: (file: AudioFile) => ReactNode;
  author: (file: AudioFile, name: string) => ReactNode;
}

interface AudioDetailsModalProps {
  /** The file to show; null keeps the dialog closed. */
  file: AudioFile | null;
  onClose: () => void;
  report?: AudioReportActions;
}

/**
 * An audio file's details over the list (SPEC §2): title, description, cover, the preview
 * player (signed in and with a file URL) or the 'Login Required' panel, duration, created date,
 * author, size, tags, script or lyrics, counts, and Like/Liked and Download.
 */
export function AudioDetailsModal({ file, onClose, report }: AudioDetailsModalProps) {
  const texts = useAudioTexts();
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
      closeButtonProps={{ 'aria-label': texts.closeDetails }}
      title={
        current ? (
          // The dialog's title is already a heading (h2): this only styles its text.
          <Text component="span" fw={700} lh={1.3} fz={{ base: 'h3', sm: 'h2' }} className={classes.wrap} data-testid="audio-details-title">
            {current.title}
          </Text>
        ) : null
      }
      styles={{ title: { flex: 1, minWidth: 0 }, header: { alignItems: 'flex-start' } }}
      onExitTransitionEnd={() => setShown(null)}
    >
      {current ? <DetailsBody key={current.id} file={current} report={report} /> : null}
    </Modal>
  );
}

function DetailsBody({ file, report }: { file: AudioFile; report?: AudioReportActions }) {
  const texts = useAudioTexts();
  const format = useFormat();
  const { user } = useCurrentUser();
  const location = useLocation();
  const [like, setLike] = useState<LikeState>({ hasLiked: file.hasLiked, likeCount: file.likeCount });
  const likes = useToggleLike();
  const downloads = useDownloadAudio();
  const here = `${location.pathname}${location.search}`;
  // The waveform (fetched when the dialog opens) is the preview's seek bar.
  const trpc = useTRPC();
  const waveTexts = useWaveformTexts();
  const loudness = useLoudnessLabel();
  const waveform = useQuery({ ...trpc.audio.waveform.queryOptions({ id: file.id }), staleTime: Infinity });
  const player = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const canPlay = user !== null && file.fileUrl !== null;
  const own = user !== null && user.id === file.userId;
  const author = authorName(file.userProfile, texts.anonymous);

  const waveformView = (
    <Stack gap={4} data-testid="detail-waveform">
      {waveform.isPending ? null : (
        <Waveform
          analysis={waveform.data?.analysis ?? file.analysis}
          peaks={waveform.data?.peaks ?? []}
          duration={file.duration}
          title={file.title}
          currentTime={time}
          onSeek={
            canPlay
              ? (seconds) => {
                  if (!player.current) return;
                  player.current.currentTime = seconds;
                  setTime(seconds);
                }
              : undefined
          }
        />
      )}
      <Text fz="xs" c="dimmed" title={waveTexts.loudnessHelp} data-testid="detail-loudness">
        {waveTexts.loudness}: {loudness(file)}
      </Text>
    </Stack>
  );

  const facts = [
    { label: texts.duration, value: format.duration(file.duration), testId: 'detail-duration' },
    { label: texts.created, value: format.date(file.createdAt), testId: 'detail-created' },
    { label: texts.author, value: author, testId: 'detail-author' },
    { label: texts.size, value: format.fileSize(file.fileSize), testId: 'detail-size' },
  ];

  return (
    <Stack gap="lg" data-testid="audio-details">
      {file.hiddenByModerators ? (
        <Alert variant="light" color="red" icon={<IconEyeOff size={20} aria-hidden />} title={texts.hiddenByModerators} data-testid="details-hidden">
          <Stack gap={6} align="flex-start">
            {own ? <Text fz="sm">{texts.hiddenOwnerNote}</Text> : null}
            <HiddenByModerators decisionId={file.decisionId} size="xs" />
          </Stack>
        </Alert>
      ) : null}
      {file.description ? (
        <Text className={classes.wrap} style={{ whiteSpace: 'pre-wrap' }}>
          {file.description}
        </Text>
      ) : null}

      {file.coverImage ? <ItemCover id={file.id} coverImage={file.coverImage} title={file.title} height={180} radius="var(--mantine-radius-lg)" /> : null}

      {user && file.fileUrl ? (
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {texts.preview}
          </Text>
          {waveformView}
          <audio
            ref={player}
            controls
            preload="none"
            className={classes.player}
            data-testid="audio-preview"
            aria-label={`${texts.preview}: ${file.title}`}
            src={file.fileUrl}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          >
            <source src={file.fileUrl} type="audio/mpeg" />
            {texts.noAudioSupport}
          </audio>
        </Stack>
      ) : (
        <>
          {waveformView}
          <Alert variant="light" color="blue" icon={<IconLock size={20} aria-hidden />} title={texts.loginRequired} data-testid="preview-login-required">
            <Stack gap="sm" align="flex-start">
              <Text fz="sm">{texts.loginToListen}</Text>
              <Button component={Link} to={authPathWithNext(here)} size="xs" leftSection={<IconLogin2 size={14} aria-hidden />}>
                {texts.goToLogin}
              </Button>
            </Stack>
          </Alert>
        </>
      )}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="md" c="dimmed" fz="sm">
          <Text span fz="sm" data-testid="detail-like-count">
            {texts.likes(like.likeCount)}
          </Text>
          <Text span fz="sm" data-testid="detail-download-count">
            {texts.downloads(file.downloadCount)}
          </Text>
          {file.commentCount ? (
            <Text span fz="sm">
              {texts.comments(file.commentCount)}
            </Text>
          ) : null}
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
            {like.hasLiked ? texts.liked : texts.like}
          </Button>
          <Button leftSection={<IconDownload size={16} aria-hidden />} loading={downloads.isPending} onClick={() => void downloads.download(file)}>
            {texts.download}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" style={{ margin: 0 }}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {fact.label}
            </Text>
            <Text component="dd" fz="sm" fw={500} m={0} className={classes.wrap}>
              <span data-testid={fact.testId}>
                {fact.testId === 'detail-author' ? (
                  <AuthorLink username={file.userProfile.username} data-testid="detail-author-link">
                    {fact.value}
                  </AuthorLink>
                ) : (
                  fact.value
                )}
              </span>
              {/* Inside the <dd>: a definition list holds only dt/dd groups (axe: definition-list). */}
              {fact.testId === 'detail-author' && !own ? report?.author(file, author) : null}
            </Text>
          </div>
        ))}
      </SimpleGrid>

      <Group gap={6} fz="sm" data-testid="detail-licence-row">
        <Text span fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {texts.licenceFact}
        </Text>
        <LicenceLink licence={file.licence} />
      </Group>

      {file.overCreativeLimit ? (
        <Badge color="orange" variant="light" size="lg" tt="none">
          {texts.overLimitHint}
        </Badge>
      ) : null}

      {file.tags.length > 0 ? (
        <Group gap={6} aria-label={texts.tags}>
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
            {texts.script}
          </Text>
          <div className={audioClasses.script} data-testid="audio-script">
            {file.scriptText}
          </div>
        </Stack>
      ) : null}

      {own || !report ? null : <Group justify="flex-end">{report.file(file)}</Group>}
    </Stack>
  );
}
