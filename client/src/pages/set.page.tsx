import { Alert, Badge, Button, Container, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconEyeOff, IconHeart, IconHeartFilled, IconInfoCircle, IconLogin2, IconPencil, IconPlaylist } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation, useParams } from 'react-router';
import { CREATIVE_TONIE_MAX_SECONDS } from '@tonieshelf/shared/values/common';
import { setEditPath } from '@tonieshelf/shared/values/set';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { formatClock } from '@tonieshelf/shared/format';
import { BackLink } from '../components/back-link';
import { ItemCover } from '../components/publishable/item-cover';
import { ListLoading } from '../components/publishable/list-states';
import classes from '../components/publishable/publishable.module.css';
import { authorName } from '../components/publishable/item-format';
import { useAudioTexts } from '../features/audio/audio-texts';
import { LicenceLink } from '../components/publishable/licence-fields';
import { errorCode } from '../lib/server-errors';
import { HiddenByModerators } from '../components/hidden-by-moderators';
import { authPathWithNext } from '../lib/next-path';
import { useCurrentUser } from '../lib/use-current-user';
import { useDismissSetNotices, useSetDetail, useToggleSetLike } from '../features/sets/api/use-sets';
import { AuthorByline } from '../components/author-link';
import { SetChapters } from '../features/sets/set-chapters';
import { SetFeed } from '../features/sets/set-feed';
import { useSetsTexts } from '../features/sets/sets-texts';
import { useFormat } from '../i18n/use-format';
import { useShellTexts } from '../i18n/shell-texts';
import { ReportButton } from '../features/report/report-dialog';
import { setTarget } from '../features/report/report-target';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { parseRowId } from '../lib/row-id';

/**
 * /sets/{id}: a set with its chapters in order, the Creative-Tonie budget, the licences, a player
 * (signed in), Like, the ZIP download and the podcast feed; for the owner its status, Edit and the
 * notices of chapters removed because their audio was deleted.
 */
export function SetPage() {
  const texts = useSetsTexts();
  const { pages } = useShellTexts();
  const { id: rawId } = useParams();
  const id = parseRowId(rawId);
  const set = useSetDetail(id);
  usePageTitle(set.data?.title ?? pages.sets.title);

  let body;
  if (id === null || (set.isError && ['NOT_FOUND', 'BAD_REQUEST'].includes(errorCode(set.error) ?? ''))) {
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={texts.notFoundTitle} data-testid="set-not-found">
        {set.error?.message ?? texts.notFound}
      </Alert>
    );
  } else if (set.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} data-testid="set-error" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{texts.loadError}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void set.refetch()}>
            {texts.tryAgain}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!set.data) {
    body = <ListLoading text={texts.loadingSet} />;
  } else {
    body = <SetView set={set.data} />;
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <Stack gap="lg">
        <BackLink to={ROUTES.sets} label={texts.backToSets} />
        {body}
      </Stack>
    </Container>
  );
}

function SetView({ set }: { set: SetDetail }) {
  const texts = useSetsTexts();
  const audioTexts = useAudioTexts();
  const format = useFormat();
  const { user } = useCurrentUser();
  const location = useLocation();
  const like = useToggleSetLike();
  const dismiss = useDismissSetNotices();
  const here = `${location.pathname}${location.search}`;
  const own = user !== null && user.id === set.userId;
  const owner = authorName(set.userProfile);
  const left = Math.max(0, CREATIVE_TONIE_MAX_SECONDS - set.totalDuration);
  const smallScreen = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <Stack gap="xl" data-testid="set-page">
      {set.hiddenByModerators ? (
        <Alert variant="light" color="red" icon={<IconEyeOff size={20} aria-hidden />} title={texts.hiddenByModerators} data-testid="set-hidden">
          <Stack gap={6} align="flex-start">
            {own ? <Text fz="sm">{texts.hiddenOwnerNote}</Text> : null}
            <HiddenByModerators decisionId={set.decisionId} size="xs" />
          </Stack>
        </Alert>
      ) : null}

      {own && set.notices.length > 0 ? (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={20} aria-hidden />} title={texts.noticesTitle} data-testid="set-notices">
          <Stack gap="sm" align="flex-start">
            <List size="sm" spacing={4}>
              {set.notices.map((notice) => (
                <List.Item key={notice.id}>{texts.notice(notice.audioTitle, format.date(notice.createdAt))}</List.Item>
              ))}
            </List>
            <Button size="xs" variant="light" color="yellow" loading={dismiss.isPending} onClick={() => dismiss.mutate({ id: set.id })}>
              {texts.dismiss}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <ItemCover id={set.id} coverImage={set.coverImage} title={set.title} height={smallScreen ? 140 : 220} radius="var(--mantine-radius-lg)" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color="grape" variant="filled" leftSection={<IconPlaylist size={12} aria-hidden />} data-testid="set-badge">
                {texts.setBadge}
              </Badge>
              {own ? (
                <Badge color={set.status === 'published' ? 'teal' : 'gray'} variant="light" data-testid="set-status">
                  {set.status === 'published' ? texts.published : texts.draft}
                </Badge>
              ) : null}
            </Group>
            <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.2} className={classes.wrap} data-testid="set-title">
              {set.title}
            </Title>
            <Text c="dimmed" data-testid="set-owner">
              <AuthorByline text={texts.byOwner} name={owner} username={set.userProfile.username} data-testid="set-owner-link" />
              {set.publishedAt ? ` · ${format.date(set.publishedAt)}` : ''}
            </Text>
            {set.description ? (
              <Text className={classes.wrap} style={{ whiteSpace: 'pre-wrap' }} data-testid="set-description">
                {set.description}
              </Text>
            ) : null}
            {set.tags.length > 0 ? (
              <Group gap={6} aria-label={audioTexts.tags}>
                {set.tags.map((tag) => (
                  <Badge key={tag} variant="light" tt="none" fw={500}>
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : null}

            <Paper withBorder p="sm" radius="md" bg="var(--tonieshelf-surface)" data-testid="set-budget" data-over={set.overBudget || undefined}>
              <Group wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-lg)', rowGap: 4 }}>
                <Text fz="sm" fw={600}>
                  {texts.budget}
                </Text>
                <Text fz="sm" data-testid="set-budget-chapters">
                  {texts.budgetChapters(set.chapterCount)}
                </Text>
                <Text fz="sm" data-testid="set-budget-time" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {texts.budgetTime(formatClock(set.totalDuration), formatClock(CREATIVE_TONIE_MAX_SECONDS))}
                </Text>
                {set.overBudget ? (
                  <Text fz="sm" fw={600} c="red" data-testid="set-over-budget">
                    {texts.budgetOver}
                  </Text>
                ) : (
                  <Text fz="sm" c="dimmed">
                    {texts.budgetRemaining(formatClock(left))}
                  </Text>
                )}
              </Group>
            </Paper>

            <Group gap={6} fz="sm" data-testid="set-licences">
              <Text span fz="xs" c="dimmed" tt="uppercase" fw={600}>
                {texts.licences}
              </Text>
              {set.licences.length === 0 ? (
                <Text span fz="sm" c="dimmed">
                  {texts.noLicences}
                </Text>
              ) : (
                set.licences.map((licence, i) => (
                  <Group key={licence} gap={6} wrap="nowrap">
                    {i > 0 ? (
                      <Text span c="dimmed" aria-hidden>
                        ·
                      </Text>
                    ) : null}
                    <LicenceLink licence={licence} />
                  </Group>
                ))
              )}
            </Group>

            <Group gap="sm" mt="xs" wrap="wrap">
              <Button
                variant={set.hasLiked ? 'filled' : 'light'}
                color="red"
                leftSection={set.hasLiked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
                aria-pressed={set.hasLiked}
                onClick={() => void like.toggle(set)}
                data-testid="set-like"
              >
                {set.hasLiked ? texts.liked : texts.like} · {format.count(set.likeCount)}
              </Button>
              {set.downloadUrl && user ? (
                <Button component="a" href={set.downloadUrl} download leftSection={<IconDownload size={16} aria-hidden />} data-testid="set-download">
                  {texts.download}
                </Button>
              ) : null}
              {set.downloadUrl && !user ? (
                <Button component={Link} to={authPathWithNext(here)} variant="default" leftSection={<IconLogin2 size={16} aria-hidden />} data-testid="set-download-login">
                  {texts.loginToDownload}
                </Button>
              ) : null}
              {own ? (
                <Button component={Link} to={setEditPath(set.id)} variant="default" leftSection={<IconPencil size={16} aria-hidden />} data-testid="set-edit">
                  {texts.editSet}
                </Button>
              ) : null}
            </Group>
            {set.downloadUrl && user ? (
              <Text fz="xs" c="dimmed">
                {texts.downloadHint}
              </Text>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      <Stack gap="sm" component="section" aria-labelledby="set-chapters-title">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h3" id="set-chapters-title">
            {texts.chapterList}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="set-chapter-totals">
            {texts.chapterTotals(set.chapterCount, formatClock(set.totalDuration), set.hiddenChapterCount, set.unavailableChapterCount)}
          </Text>
        </Group>
        <SetChapters chapters={set.chapters} signedIn={user !== null} here={here} />
      </Stack>

      <SetFeed set={set} />

      {own ? null : (
        <Group justify="flex-end">
          <ReportButton target={setTarget(set)} data-testid="set-report">
            {texts.reportSet}
          </ReportButton>
        </Group>
      )}
    </Stack>
  );
}
