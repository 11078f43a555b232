import { useEffect, useState } from 'react';
import { Button, Container, Group, Paper, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { IconCompass, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LIKED_PAGE_SIZE, type LikedSort } from '@tonieshelf/shared/values/audio';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { ResultsSummary } from '../components/results-summary';
import { Pagination } from '../components/pagination';
import { useLikedAudio } from '../features/audio/api/use-audio-lists';
import { AudioCard } from '../features/audio/audio-card';
import { LazyAudioDetails } from './audio/lazy-audio-overlays';
import { matchesAudioSearch } from '../features/audio/audio-search';
import { SearchBox } from '../components/search-box';
import { ListEmpty, ListError, ListLoading } from '../components/publishable/list-states';
import { audioPagination, useAudioTexts } from '../features/audio/audio-texts';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

/**
 * /audio/liked (SPEC §2): the signed-in user's liked audio, 12 a page, newest or most popular
 * first; the search box filters the current page on the client.
 */
export function AudioLikedPage() {
  const texts = useAudioTexts();
  const { pages } = useShellTexts();
  usePageTitle(pages.liked.title);
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState<LikedSort>('newest');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<AudioFile | null>(null);

  const list = useLikedAudio({ page, pageSize: LIKED_PAGE_SIZE, sortBy });

  const files = list.data?.audioFiles ?? [];
  const totalPages = pageCount(list.data?.totalCount ?? 0, LIKED_PAGE_SIZE);
  // After unliking the last file of the last page, show the page before it.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.isFetching) return;
    if (page > 1 && list.data.audioFiles.length === 0 && totalPages > 0) setPage(totalPages);
  }, [list.data, list.isPlaceholderData, list.isFetching, page, totalPages]);

  const shown = files.filter((f) => matchesAudioSearch(f, search));
  const openFile = selected ? (files.find((f) => f.id === selected.id) ?? selected) : null;

  let results;
  if (list.isPending) {
    results = <ListLoading text={texts.likedLoading} />;
  } else if (list.isError) {
    results = <ListError text={texts.likedErrorText} onRetry={() => void list.refetch()} />;
  } else if (files.length === 0) {
    results = (
      <ListEmpty
        title={texts.likedEmptyTitle}
        text={texts.likedEmptyText}
        action={
          <Button component={Link} to={ROUTES.discover} leftSection={<IconCompass size={16} aria-hidden />}>
            {texts.discoverAudioFiles}
          </Button>
        }
      />
    );
  } else if (shown.length === 0) {
    results = (
      <ListEmpty
        icon={<IconSearchOff aria-hidden />}
        title={texts.noResultsTitle}
        text={texts.noResultsText(search.trim())}
        action={<Button onClick={() => setSearch('')}>{texts.clearSearch}</Button>}
      />
    );
  } else {
    results = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="audio-grid" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {shown.map((file) => (
          <AudioCard key={file.id} file={file} onOpen={() => setSelected(file)} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={pages.liked.title} subtitle={pages.liked.subtitle} />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.likedFilters}>
          <Group gap="sm" wrap="wrap">
            <SearchBox
              value={search}
              onSearch={setSearch}
              immediate
              placeholder={texts.likedSearchPlaceholder}
              label={texts.likedSearchLabel}
              clearLabel={texts.clearSearchLabel}
            />
            <SegmentedControl
              value={sortBy}
              onChange={(value) => {
                setSortBy(value === 'popular' ? 'popular' : 'newest');
                setPage(1);
              }}
              data={[
                { value: 'newest', label: texts.newestFirst },
                { value: 'popular', label: texts.mostPopular },
              ]}
              aria-label={texts.sortLiked}
            />
          </Group>
        </Paper>
        {/* A search filters this page only: its count is of the files it shows, on one page. */}
        <ResultsSummary
          status={list.data && !list.isPlaceholderData ? (search.trim() ? texts.resultCount(shown.length, 1, 1) : texts.resultCount(list.data.totalCount, page, totalPages)) : null}
        />
        {results}
        <Pagination {...audioPagination(texts)} page={page} totalPages={totalPages} onChange={setPage} hideSingle />
      </Stack>
      <LazyAudioDetails file={openFile} onClose={() => setSelected(null)} />
    </Container>
  );
}
