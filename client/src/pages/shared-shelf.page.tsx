// /shared/{token}: a shelf shared by link, read-only, for anyone: "<Owner>'s wishlist" (the
// owner's name opens their profile), how many Tonies, the card grid without toggles, pages. A link
// that was turned off or renewed shows a clear 'not found' (and the page title says so).
import { useRef } from 'react';
import { Anchor, Button, Container, EmptyState, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconLinkOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE } from '@tonieshelf/shared/values/tonie';
import { profilePath } from '@tonieshelf/shared/values/profile';
import { SHELF_MESSAGES, sharedShelfPath } from '@tonieshelf/shared/values/shelf';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { errorCode } from '../lib/server-errors';
import { parsePositiveInt } from '../features/catalogue/catalogue-params';
import { TonieGridResults, usePastLastPageRedirect } from '../features/catalogue/tonie-grid-results';
import { useShelvesTexts } from '../features/shelves/shelves-texts';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { useTRPC } from '../lib/trpc';

export function SharedShelfPage() {
  const texts = useShelvesTexts();
  const { language } = useLanguage();
  const trpc = useTRPC();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = parsePositiveInt(params.get('page')) ?? 1;
  const resultsRef = useRef<HTMLDivElement>(null);

  const shared = useQuery({
    ...trpc.shelf.shared.queryOptions({ token, page, pageSize: CATALOGUE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // The owner may change it at any time: never kept as fresh.
    staleTime: 0,
  });
  const notFound = shared.isError && (errorCode(shared.error) === 'NOT_FOUND' || errorCode(shared.error) === 'BAD_REQUEST');
  const data = shared.data;
  const title = notFound ? texts.notFoundTitle : data ? texts.sharedTitle(data.owner.displayName, texts.sharedShelfNames[data.shelf]) : undefined;
  usePageTitle(title);

  const pageHref = (p: number) => `${sharedShelfPath(token)}${p > 1 ? `?page=${p}` : ''}`;
  // A page past the end (an old link after the owner took Tonies off) goes to the last page.
  usePastLastPageRedirect({
    page,
    pageSize: CATALOGUE_PAGE_SIZE,
    settled: data && !shared.isPlaceholderData && !shared.isFetching ? { shown: data.tonies.length, totalCount: data.totalCount } : null,
    goToPage: (p) => void navigate(pageHref(p), { replace: true }),
  });

  if (notFound) {
    return (
      <Container size="sm" py={{ base: 'lg', sm: 'xl' }} w="100%">
        <Paper withBorder p="xl" bg="var(--tonieshelf-surface)" data-testid="shared-not-found">
          <EmptyState icon={<IconLinkOff size={28} aria-hidden />}>
            <EmptyState.Title order={1}>{texts.notFoundTitle}</EmptyState.Title>
            <EmptyState.Description>
              {formatMessage(SHELF_MESSAGES.shareNotFound, language)} {texts.notFoundHint}
            </EmptyState.Description>
            <Button component={Link} to={ROUTES.catalog} mt="md" leftSection={<IconBooks size={16} aria-hidden />}>
              {texts.toCatalogue}
            </Button>
          </EmptyState>
        </Paper>
      </Container>
    );
  }

  const totalPages = pageCount(data?.totalCount ?? 0, CATALOGUE_PAGE_SIZE);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      {data ? <SharedHeader owner={data.owner} shelfName={texts.sharedShelfNames[data.shelf]} count={data.totalCount} /> : <PageHeader title={texts.loadingShared} />}
      <Stack gap="lg" ref={resultsRef}>
        <TonieGridResults
          tonies={data?.tonies ?? []}
          loading={!data || shared.isPlaceholderData}
          loadingLabel={texts.loadingShared}
          error={shared.isError ? { text: texts.sharedLoadFailed, retryLabel: texts.tryAgain, onRetry: () => void shared.refetch() } : null}
          empty={
            <Text c="dimmed" data-testid="shared-empty">
              {texts.sharedEmpty}
            </Text>
          }
          detailsHref={(tonie) => `${ROUTES.catalog}?tonieId=${tonie.id}`}
          pagination={{
            page,
            totalPages,
            hrefFor: pageHref,
            label: texts.pagination,
            hideSingle: true,
          }}
        />
      </Stack>
    </Container>
  );
}

function SharedHeader({ owner, shelfName, count }: { owner: { username: string; displayName: string }; shelfName: string; count: number }) {
  const texts = useShelvesTexts();
  const { before, after } = texts.sharedTitleAround(shelfName);
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={{ base: 28, sm: 36 }} data-testid="shared-title">
        {before}
        <Anchor component={Link} to={profilePath(owner.username)} inherit data-testid="shared-owner">
          {owner.displayName}
        </Anchor>
        {after}
      </Title>
      <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
        <Text span fw={700} inherit c="var(--mantine-color-text)" data-testid="shared-count">
          {texts.sharedCount(count)}
        </Text>
        {' · '}
        {texts.sharedReadOnly}
      </Text>
    </Stack>
  );
}
