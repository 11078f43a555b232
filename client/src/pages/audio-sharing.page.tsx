import { useState } from 'react';
import { Button, Chip, Container, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconDownload, IconHeart, IconHeartFilled, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { OLDER_AUDIO_PAGE_SIZE, OLDER_AUDIO_TAG_CHIPS } from '@tonieshelf/shared/values/audio';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { PageHeader } from '../components/page-header';
import { PreviousNextPagination } from '../components/pagination';
import { useAudioList, useMyAudio } from '../features/audio/api/use-audio-lists';
import { useAudioTags } from '../lib/audio-tags';
import { useDownloadAudio } from '../features/audio/api/use-download-audio';
import { useToggleLike } from '../features/audio/api/use-toggle-like';
import { AudioCard } from '../features/audio/audio-card';
import { LazyAudioDetails } from './audio/lazy-audio-overlays';
import { SearchBox } from '../components/search-box';
import { ListEmpty, ListError, ListLoading } from '../components/publishable/list-states';
import { useAudioTexts } from '../features/audio/audio-texts';
import { useShellTexts } from '../i18n/shell-texts';
import { QuickUploadDialog, useQuickUpload } from '../features/audio/quick-upload-dialog';
import { unverifiedRefusal } from './audio/account-notices';
import { useCurrentUser } from '../lib/use-current-user';
import { usePageTitle } from '../lib/page-title';
import { ResultsSummary } from '../components/results-summary';

type Tab = 'all' | 'mine';

/**
 * /audio-sharing, the older audio sharing page (SPEC §2): All Audio and My Uploads (signed in),
 * search, up to 5 tag chips, 9 cards a page with Previous / 'Page n' / Next, Like, Details and
 * Download on each card, and 'Upload Audio' for the quick upload dialog.
 */
export function AudioSharingPage() {
  const texts = useAudioTexts();
  const { pages } = useShellTexts();
  usePageTitle(pages.audioSharing.title);
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [selected, setSelected] = useState<AudioFile | null>(null);
  const quickUpload = useQuickUpload();
  const likes = useToggleLike();
  const downloads = useDownloadAudio();
  const activeTab: Tab = user ? tab : 'all';

  const term = search.trim();
  // Both tabs are searched, filtered and paged by the server.
  const filters = { page, pageSize: OLDER_AUDIO_PAGE_SIZE, ...(tags.length > 0 ? { tags } : {}), ...(term ? { search: term } : {}) };
  const all = useAudioList(activeTab === 'all' ? { ...filters, sortBy: 'recent' } : skipToken);
  const mine = useMyAudio(activeTab === 'mine' ? filters : skipToken);
  const tagList = useAudioTags();
  const chips = [...new Set([...tags, ...(tagList.data?.tags ?? [])])].slice(0, Math.max(OLDER_AUDIO_TAG_CHIPS, tags.length));

  const query = activeTab === 'all' ? all : mine;
  const files = query.data?.audioFiles ?? [];
  const totalCount = query.data?.totalCount ?? 0;
  const openFile = selected ? (files.find((f) => f.id === selected.id) ?? selected) : null;

  const changeFilter = (fn: () => void) => {
    fn();
    setPage(1);
  };

  let results;
  if (query.isPending) {
    results = <ListLoading text={texts.loading} />;
  } else if (query.isError) {
    results = <ListError text={texts.errorText} onRetry={() => void query.refetch()} />;
  } else if (files.length === 0) {
    results = (
      <ListEmpty
        title={texts.olderEmptyTitle}
        text={activeTab === 'mine' && !term && tags.length === 0 ? texts.olderEmptyMine : texts.olderEmptyText}
        action={
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={quickUpload.open}>
            {texts.uploadAudio}
          </Button>
        }
      />
    );
  } else {
    results = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="audio-grid">
        {files.map((file) => (
          <AudioCard
            key={file.id}
            file={file}
            onOpen={() => setSelected(file)}
            actions={
              <Group gap={6} grow wrap="nowrap">
                <Button
                  size="xs"
                  variant={file.hasLiked ? 'filled' : 'light'}
                  color="red"
                  px={6}
                  leftSection={file.hasLiked ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />}
                  loading={likes.pendingId === file.id}
                  aria-pressed={file.hasLiked}
                  aria-describedby={`audio-card-${file.id}`}
                  onClick={() => void likes.toggle(file)}
                >
                  {file.hasLiked ? texts.liked : texts.like}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  px={6}
                  leftSection={<IconInfoCircle size={14} aria-hidden />}
                  onClick={() => setSelected(file)}
                  aria-describedby={`audio-card-${file.id}`}
                >
                  {texts.details}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  px={6}
                  leftSection={<IconDownload size={14} aria-hidden />}
                  loading={downloads.pendingId === file.id}
                  onClick={() => void downloads.download(file)}
                  aria-describedby={`audio-card-${file.id}`}
                >
                  {texts.downloadShort}
                </Button>
              </Group>
            }
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <PageHeader title={pages.audioSharing.title} subtitle={texts.audioSharingSubtitle} />
        <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={quickUpload.open} mt={{ base: -12, sm: 8 }} mb={{ base: 'md', sm: 0 }}>
          {texts.uploadAudio}
        </Button>
      </Group>

      <Tabs
        value={activeTab}
        onChange={(value) => {
          setTab(value === 'mine' ? 'mine' : 'all');
          setPage(1);
        }}
        mb="lg"
      >
        <Tabs.List>
          <Tabs.Tab value="all">{texts.allAudio}</Tabs.Tab>
          <Tabs.Tab value="mine" disabled={!user}>
            {texts.myUploads}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.audioFilters}>
          <Stack gap="sm">
            <Group wrap="nowrap">
              <SearchBox
                value={search}
                onSearch={(value) => changeFilter(() => setSearch(value))}
                placeholder={texts.searchPlaceholder}
                label={texts.searchLabel}
                clearLabel={texts.clearSearchLabel}
              />
            </Group>
            {chips.length > 0 ? (
              <Chip.Group multiple value={tags} onChange={(value) => changeFilter(() => setTags(value))}>
                <Group gap="xs" aria-label={texts.filterByTag} role="group">
                  {chips.map((tag) => (
                    <Chip key={tag} value={tag} size="sm" variant="outline">
                      {tag}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
          </Stack>
        </Paper>

        <ResultsSummary status={query.data && !query.isPlaceholderData ? texts.resultCount(totalCount, page, Math.ceil(totalCount / OLDER_AUDIO_PAGE_SIZE)) : null} />
        {results}

        {totalCount > 0 ? (
          <PreviousNextPagination
            page={page}
            hasNext={page * OLDER_AUDIO_PAGE_SIZE < totalCount}
            onChange={setPage}
            label={texts.pagination}
            previousLabel={texts.previousPage}
            nextLabel={texts.nextPage}
            pageText={texts.pageN(page)}
            pageTestId="older-page"
          />
        ) : null}
      </Stack>

      <LazyAudioDetails file={openFile} onClose={() => setSelected(null)} />
      <QuickUploadDialog opened={quickUpload.opened} onClose={quickUpload.close} unverifiedRefusal={unverifiedRefusal} />
    </Container>
  );
}
