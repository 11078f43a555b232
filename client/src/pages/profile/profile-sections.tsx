// The lists of a public profile (ProfileView's sections): reviews (with their Tonie), published
// audio, sets, and one public shelf. Each is one page at a time, with its own loading, empty and
// error states. They show other features' cards, so the page brings them.
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEyeOff, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PROFILE_ITEMS_PAGE_SIZE, PROFILE_REVIEWS_PAGE_SIZE } from '@tonieshelf/shared/values/profile';
import { RATING_MAX } from '@tonieshelf/shared/values/review';
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import type { ProfileReview } from '@tonieshelf/shared/schemas/profile';
import { Pagination } from '../../components/pagination';
import { Stars } from '../../components/stars';
import { useFormat } from '../../i18n/use-format';
import { AudioCard } from '../../features/audio/audio-card';
import { LazyAudioDetails, useWarmUpAudioOverlays } from '../audio/lazy-audio-overlays';
import { ACCOUNT_ROUTES, PUBLIC_PROFILE_ANCHOR } from '../../lib/account-routes';
import { errorCode } from '../../lib/server-errors';
import { useReviewTexts } from '../../features/reviews/review-texts';
import { TONIE_GRID_COLS, TonieGridResults, usePastLastPageRedirect } from '../../features/catalogue/tonie-grid-results';
import { TonieImage } from '../../features/catalogue/tonie-image';
import { SetCard } from '../../features/sets/set-card';
import { ShelfStatesProvider } from '../../features/shelves/shelf-states';
import { useProfileAudio, useProfileReviews, useProfileSets, useProfileShelf } from '../../features/profiles/api/use-profile';
import { useProfileTexts } from '../../features/profiles/profile-texts';
import type { ProfileSection, ProfileSectionProps } from '../../features/profiles/profile-view';
import { cardShelfToggles } from '../../features/shelves/shelf-toggles';

const GRID_COLS = TONIE_GRID_COLS;

/** /catalog?tonieId={id}: the Tonie's details over the catalogue. */
function tonieDetailsPath(tonieId: number): string {
  return `/catalog?tonieId=${tonieId}`;
}

/** One section of a profile as its tab shows it. */
export function ProfileSectionList({ section, profile, page, onPage }: ProfileSectionProps & { section: ProfileSection }) {
  const paged = { username: profile.username, page, onPage };
  switch (section) {
    case 'reviews':
      return <ReviewsSection {...paged} hidden={profile.reviewsHidden} isSelf={profile.isSelf} />;
    case 'audio':
      return <AudioSection {...paged} />;
    case 'sets':
      return <SetsSection {...paged} />;
    default:
      return <ShelfSection {...paged} shelf={section} />;
  }
}

interface PagedProps {
  username: string;
  page: number;
  onPage: ProfileSectionProps['onPage'];
}

/** A page past the end of a section that is not empty (an old link, ?page=99) goes to its last page. */
function useLastPageOf(
  query: { data?: { totalCount: number }; isPlaceholderData: boolean; isFetching: boolean },
  shown: number | undefined,
  page: number,
  pageSize: number,
  onPage: PagedProps['onPage'],
) {
  usePastLastPageRedirect({
    page,
    pageSize,
    settled: query.data && shown !== undefined && !query.isPlaceholderData && !query.isFetching ? { shown, totalCount: query.data.totalCount } : null,
    goToPage: (last) => onPage(last, { replace: true }),
  });
}

function SectionLoading() {
  const texts = useProfileTexts();
  return (
    <Center py="xl" aria-busy="true" data-testid="section-loading">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" fz="sm">
          {texts.loadingSection}
        </Text>
      </Group>
    </Center>
  );
}

function SectionNote({ children, icon, testId }: { children: ReactNode; icon?: ReactNode; testId: string }) {
  return (
    <Alert variant="light" color="gray" icon={icon} data-testid={testId}>
      {children}
    </Alert>
  );
}

/** A section that failed to load, with 'Try Again'. */
function SectionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const texts = useProfileTexts();
  return (
    <Alert variant="light" color="red" icon={<IconAlertCircle size={18} aria-hidden />} data-testid="section-error" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{texts.sectionError}</Text>
        <Button size="xs" variant="light" color="red" loading={retrying} onClick={onRetry}>
          {texts.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}

function SectionEmpty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid="section-empty">
      {text}
    </Text>
  );
}

function Pages({ page, totalCount, pageSize, label, onPage }: { page: number; totalCount: number; pageSize: number; label: string; onPage: (page: number) => void }) {
  const totalPages = Math.ceil(totalCount / pageSize);
  return (
    <Box mt="lg">
      <Pagination page={page} totalPages={totalPages} layout="window" hideSingle label={label} onChange={onPage} />
    </Box>
  );
}

/** A review on the profile: the Tonie's picture and name (to its details), stars, date, text, helpful count. */
function ProfileReviewItem({ review }: { review: ProfileReview }) {
  const texts = useProfileTexts();
  const reviewTexts = useReviewTexts();
  const format = useFormat();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="profile-review" aria-label={texts.reviewOf(review.tonie.name)}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Anchor component={Link} to={tonieDetailsPath(review.tonie.id)} aria-hidden tabIndex={-1} style={{ flexShrink: 0 }}>
          <Box w={72} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            <TonieImage id={review.tonie.id} src={review.tonie.image} name={review.tonie.name} category="" height={72} iconSize={28} />
          </Box>
        </Anchor>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Anchor component={Link} to={tonieDetailsPath(review.tonie.id)} fw={700} fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="profile-review-tonie">
              {review.tonie.name}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Stars value={review.rating} size={14} label={reviewTexts.reviewStars(review.rating, RATING_MAX)} />
              <Text fz="xs" c="dimmed">
                {format.date(review.createdAt)}
              </Text>
            </Group>
          </Group>
          {review.review ? (
            <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {review.review}
            </Text>
          ) : null}
          <Text fz="xs" c="dimmed" data-testid="profile-review-helpful">
            {texts.helpfulCount(review.helpfulCount)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

interface ReviewsSectionProps extends PagedProps {
  /** The user hid their review list: the profile (a public view, also for its owner) has none. */
  hidden: boolean;
  isSelf: boolean;
}

function ReviewsSection({ username, page, onPage, hidden, isSelf }: ReviewsSectionProps) {
  const texts = useProfileTexts();
  // A hidden list is refused to everyone, the owner too (FORBIDDEN): it is not asked for.
  const reviews = useProfileReviews(username, page, !hidden);
  useLastPageOf(reviews, reviews.data?.reviews.length, page, PROFILE_REVIEWS_PAGE_SIZE, onPage);
  const hiddenNote = (
    <SectionNote icon={<IconEyeOff size={18} aria-hidden />} testId="reviews-hidden">
      {texts.reviewsHidden}
    </SectionNote>
  );
  if (hidden && isSelf) {
    return (
      <SectionNote icon={<IconEyeOff size={18} aria-hidden />} testId="own-reviews-hidden">
        {texts.ownReviewsHidden}{' '}
        <Anchor component={Link} to={`${ACCOUNT_ROUTES.account}#${PUBLIC_PROFILE_ANCHOR}`} fz="sm" data-testid="own-reviews-settings">
          {texts.ownReviewsSettings}
        </Anchor>
      </SectionNote>
    );
  }
  if (hidden) return hiddenNote;
  if (reviews.isError) return errorCode(reviews.error) === 'FORBIDDEN' ? hiddenNote : <SectionError onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />;
  if (!reviews.data) return <SectionLoading />;
  return (
    <Stack gap="sm">
      {reviews.data.reviews.length === 0 ? (
        <SectionEmpty text={texts.noReviews} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none', opacity: reviews.isPlaceholderData ? 0.6 : 1 }} data-testid="profile-reviews">
          {reviews.data.reviews.map((review) => (
            <ProfileReviewItem key={review.id} review={review} />
          ))}
        </Stack>
      )}
      <Pages page={page} totalCount={reviews.data.totalCount} pageSize={PROFILE_REVIEWS_PAGE_SIZE} label={texts.pagination(texts.reviews)} onPage={onPage} />
    </Stack>
  );
}

function AudioSection({ username, page, onPage }: PagedProps) {
  const texts = useProfileTexts();
  const audio = useProfileAudio(username, page);
  const [openId, setOpenId] = useState<number | null>(null);
  useWarmUpAudioOverlays();
  useLastPageOf(audio, audio.data?.audioFiles.length, page, PROFILE_ITEMS_PAGE_SIZE, onPage);
  if (audio.isError) return <SectionError onRetry={() => void audio.refetch()} retrying={audio.isFetching} />;
  if (!audio.data) return <SectionLoading />;
  const files = audio.data.audioFiles;
  const openFile = files.find((f) => f.id === openId) ?? null;
  return (
    <>
      {files.length === 0 ? (
        <SectionEmpty text={texts.noAudio} />
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="profile-audio" style={{ opacity: audio.isPlaceholderData ? 0.6 : 1 }}>
          {files.map((file) => (
            <AudioCard key={file.id} file={file} onOpen={() => setOpenId(file.id)} />
          ))}
        </SimpleGrid>
      )}
      <Pages page={page} totalCount={audio.data.totalCount} pageSize={PROFILE_ITEMS_PAGE_SIZE} label={texts.pagination(texts.audio)} onPage={onPage} />
      <LazyAudioDetails file={openFile} onClose={() => setOpenId(null)} />
    </>
  );
}

function SetsSection({ username, page, onPage }: PagedProps) {
  const texts = useProfileTexts();
  const sets = useProfileSets(username, page);
  useLastPageOf(sets, sets.data?.sets.length, page, PROFILE_ITEMS_PAGE_SIZE, onPage);
  if (sets.isError) return <SectionError onRetry={() => void sets.refetch()} retrying={sets.isFetching} />;
  if (!sets.data) return <SectionLoading />;
  return (
    <>
      {sets.data.sets.length === 0 ? (
        <SectionEmpty text={texts.noSets} />
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="profile-sets" style={{ opacity: sets.isPlaceholderData ? 0.6 : 1 }}>
          {sets.data.sets.map((set) => (
            <SetCard key={set.id} set={set} />
          ))}
        </SimpleGrid>
      )}
      <Pages page={page} totalCount={sets.data.totalCount} pageSize={PROFILE_ITEMS_PAGE_SIZE} label={texts.pagination(texts.sets)} onPage={onPage} />
    </>
  );
}

function ShelfSection({ username, shelf, page, onPage }: PagedProps & { shelf: ShelfName }) {
  const texts = useProfileTexts();
  const tonies = useProfileShelf(username, shelf, page);
  useLastPageOf(tonies, tonies.data?.tonies.length, page, PROFILE_ITEMS_PAGE_SIZE, onPage);
  const shown = tonies.data?.tonies ?? [];
  const tonieIds = useMemo(() => shown.map((t) => t.id), [shown]);
  if (tonies.isError && errorCode(tonies.error) === 'FORBIDDEN') {
    return (
      <SectionNote icon={<IconLock size={18} aria-hidden />} testId="shelf-private">
        {texts.shelfPrivate}
      </SectionNote>
    );
  }
  // The viewer's own shelf states for the page's cards: one query, not one per card.
  return (
    <ShelfStatesProvider tonieIds={tonieIds}>
      <Box style={{ opacity: tonies.isPlaceholderData ? 0.6 : 1 }}>
        <TonieGridResults
          tonies={shown}
          loading={!tonies.isError && !tonies.data}
          loadingLabel={texts.loadingSection}
          error={tonies.isError ? { text: texts.sectionError, retryLabel: texts.tryAgain, onRetry: () => void tonies.refetch() } : null}
          empty={<SectionEmpty text={texts.emptyShelf} />}
          detailsHref={(tonie) => tonieDetailsPath(tonie.id)}
          cardActions={cardShelfToggles}
          heading={null}
          data-testid={`profile-shelf-${shelf}`}
        />
      </Box>
      {tonies.data ? (
        <Pages page={page} totalCount={tonies.data.totalCount} pageSize={PROFILE_ITEMS_PAGE_SIZE} label={texts.pagination(texts.shelfNames[shelf])} onPage={onPage} />
      ) : null}
    </ShelfStatesProvider>
  );
}
