// The lists of a public profile: reviews (with their Tonie), published audio, sets, and one
// public shelf. Each is one page at a time, with its own loading, empty and error states.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PROFILE_ITEMS_PAGE_SIZE, PROFILE_REVIEWS_PAGE_SIZE, RATING_MAX } from '@tonieshelf/shared/constants';
import type { ShelfName } from '@tonieshelf/shared/constants';
import type { ProfileReview } from '@tonieshelf/shared/schemas/profile';
import { Pagination } from '../../components/pagination';
import { Stars } from '../../components/stars';
import { useFormat } from '../../i18n/use-format';
import { AudioCard } from '../audio/audio-card';
import { AudioDetailsModal } from '../audio/audio-details-modal';
import { errorCode } from '../auth/auth-errors';
import { useReviewTexts } from '../catalogue/review-texts';
import { TonieCard } from '../catalogue/tonie-card';
import { TonieImage } from '../catalogue/tonie-image';
import { SetCard } from '../sets/set-card';
import { ShelfStatesProvider } from '../shelves/shelf-states';
import { useProfileAudio, useProfileReviews, useProfileSets, useProfileShelf } from './api/use-profile';
import { useProfileTexts } from './profile-texts';

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** /catalog?tonieId={id}: the Tonie's details over the catalogue. */
function tonieDetailsPath(tonieId: number): string {
  return `/catalog?tonieId=${tonieId}`;
}

interface PagedProps {
  username: string;
  page: number;
  onPage: (page: number) => void;
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
  /** The user hid their review list (for others). */
  hidden: boolean;
  isSelf: boolean;
}

export function ReviewsSection({ username, page, onPage, hidden, isSelf }: ReviewsSectionProps) {
  const texts = useProfileTexts();
  const showList = !hidden || isSelf;
  const reviews = useProfileReviews(username, page, showList);
  const hiddenNote = (
    <SectionNote icon={<IconEyeOff size={18} aria-hidden />} testId="reviews-hidden">
      {texts.reviewsHidden}
    </SectionNote>
  );
  if (!showList) return hiddenNote;
  if (reviews.isError) return errorCode(reviews.error) === 'FORBIDDEN' ? hiddenNote : <SectionNote testId="section-error">{texts.sectionError}</SectionNote>;
  if (!reviews.data) return <SectionLoading />;
  return (
    <Stack gap="sm">
      {hidden && isSelf ? (
        <SectionNote icon={<IconEyeOff size={18} aria-hidden />} testId="own-reviews-hidden">
          {texts.ownReviewsHidden}
        </SectionNote>
      ) : null}
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

export function AudioSection({ username, page, onPage }: PagedProps) {
  const texts = useProfileTexts();
  const audio = useProfileAudio(username, page);
  const [openId, setOpenId] = useState<number | null>(null);
  if (audio.isError) return <SectionNote testId="section-error">{texts.sectionError}</SectionNote>;
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
      <AudioDetailsModal file={openFile} onClose={() => setOpenId(null)} />
    </>
  );
}

export function SetsSection({ username, page, onPage }: PagedProps) {
  const texts = useProfileTexts();
  const sets = useProfileSets(username, page);
  if (sets.isError) return <SectionNote testId="section-error">{texts.sectionError}</SectionNote>;
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

export function ShelfSection({ username, shelf, page, onPage }: PagedProps & { shelf: ShelfName }) {
  const texts = useProfileTexts();
  const tonies = useProfileShelf(username, shelf, page);
  if (tonies.isError) {
    return errorCode(tonies.error) === 'FORBIDDEN' ? (
      <SectionNote icon={<IconLock size={18} aria-hidden />} testId="shelf-private">
        {texts.shelfPrivate}
      </SectionNote>
    ) : (
      <SectionNote testId="section-error">{texts.sectionError}</SectionNote>
    );
  }
  if (!tonies.data) return <SectionLoading />;
  return (
    <>
      {tonies.data.tonies.length === 0 ? (
        <SectionEmpty text={texts.emptyShelf} />
      ) : (
        // The viewer's own shelf states for the page's cards: one query, not one per card.
        <ShelfStatesProvider tonieIds={tonies.data.tonies.map((t) => t.id)}>
          <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid={`profile-shelf-${shelf}`} style={{ opacity: tonies.isPlaceholderData ? 0.6 : 1 }}>
            {tonies.data.tonies.map((tonie) => (
              <TonieCard key={tonie.id} tonie={tonie} detailsHref={tonieDetailsPath(tonie.id)} />
            ))}
          </SimpleGrid>
        </ShelfStatesProvider>
      )}
      <Pages page={page} totalCount={tonies.data.totalCount} pageSize={PROFILE_ITEMS_PAGE_SIZE} label={texts.pagination(texts.shelfNames[shelf])} onPage={onPage} />
    </>
  );
}
