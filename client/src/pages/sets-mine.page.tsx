// /sets/mine: the signed-in user's sets (drafts too), most recently changed first, 12 a page,
// searched on the server; each with its status, chapters, total time, budget state and links to
// edit and view it; 'New set' on top.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEdit, IconEye, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SETS_PAGE_SIZE, setEditPath, setPath } from '@tonieshelf/shared/values/set';
import type { SetSummary } from '@tonieshelf/shared/schemas/set';
import { formatClock } from '@tonieshelf/shared/format';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { Pagination } from '../components/pagination';
import { SearchBox } from '../components/search-box';
import classes from '../components/publishable/publishable.module.css';
import { ResultsSummary } from '../components/results-summary';
import { useSetEditorTexts } from '../features/sets/editor/set-editor-texts';
import { useSetsTexts } from '../features/sets/sets-texts';
import { writeMessage } from '../features/sets/editor/use-set-editor';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { useTRPC } from '../lib/trpc';

function MySetCard({ set }: { set: SetSummary }) {
  const texts = useSetEditorTexts();
  const setsTexts = useSetsTexts();
  const published = set.status === 'published';
  return (
    <Card withBorder radius="lg" padding="md" bg="var(--tonieshelf-surface)" data-testid="my-set-card" component="article" aria-label={set.title}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} className={classes.wrap}>
            {set.title}
          </Text>
          <Badge color={published ? 'teal' : 'gray'} variant="light" tt="none" style={{ flex: 'none' }} data-testid="set-status">
            {published ? texts.published : texts.draft}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed" data-testid="my-set-totals">
          {setsTexts.chapterTotals(set.chapterCount, formatClock(set.totalDuration), set.hiddenChapterCount, set.unavailableChapterCount)}
        </Text>
        <Group gap={6}>
          <Badge color={set.overBudget ? 'red' : 'teal'} variant="outline" tt="none" size="sm">
            {set.overBudget ? texts.overBudget : texts.fits}
          </Badge>
          {set.hiddenByModerators ? (
            <Badge color="red" variant="light" tt="none" size="sm">
              {texts.hidden}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" mt="auto" pt="xs">
          <Button component={Link} to={setEditPath(set.id)} size="xs" leftSection={<IconEdit size={14} aria-hidden />} aria-label={texts.editSet(set.title)}>
            {texts.edit}
          </Button>
          <Button component={Link} to={setPath(set.id)} size="xs" variant="default" leftSection={<IconEye size={14} aria-hidden />} aria-label={texts.viewSetNamed(set.title)}>
            {texts.view}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function MySetsPage() {
  const texts = useSetEditorTexts();
  const shell = useShellTexts();
  usePageTitle(shell.pages.mySets.title);
  const setsTexts = useSetsTexts();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = search.trim() ? { search: search.trim() } : {};
  const list = useQuery({ ...trpc.set.mine.queryOptions({ page, pageSize: SETS_PAGE_SIZE, ...query }), placeholderData: keepPreviousData });
  const sets = list.data?.sets ?? [];
  const totalPages = pageCount(list.data?.totalCount ?? 0, SETS_PAGE_SIZE);

  let results;
  if (list.isPending) {
    results = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text>{texts.mineLoading}</Text>
      </Group>
    );
  } else if (list.isError) {
    results = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={texts.mineError} role="alert">
        <Text fz="sm">{writeMessage(list.error)}</Text>
        <Button variant="default" mt="sm" onClick={() => void list.refetch()}>
          {texts.retry}
        </Button>
      </Alert>
    );
  } else if (sets.length === 0) {
    results = (
      <Paper withBorder p="xl" radius="lg" ta="center" bg="var(--tonieshelf-surface)" data-testid="my-sets-empty">
        <Stack align="center" gap="xs">
          <Text fw={700}>{search.trim() ? texts.mineNoResults(search.trim()) : texts.mineEmptyTitle}</Text>
          {search.trim() ? null : <Text c="dimmed">{texts.mineEmptyText}</Text>}
          <Button component={Link} to={ROUTES.newSet} leftSection={<IconPlus size={16} aria-hidden />} mt="xs">
            {texts.newSet}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    results = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" data-testid="my-sets" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {sets.map((set) => (
          <MySetCard key={set.id} set={set} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={shell.pages.mySets.title} subtitle={texts.mineSubtitle} />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.mineSearch}>
          <Group gap="sm" justify="space-between" wrap="wrap">
            <SearchBox
              value={search}
              onSearch={(value) => {
                setSearch(value);
                setPage(1);
              }}
              placeholder={texts.mineSearchPlaceholder}
              label={texts.mineSearch}
              clearLabel={texts.clearSearch}
            />
            <Button component={Link} to={ROUTES.newSet} leftSection={<IconPlus size={16} aria-hidden />}>
              {texts.newSet}
            </Button>
          </Group>
        </Paper>
        <ResultsSummary status={list.data && !list.isPlaceholderData ? setsTexts.resultCount(list.data.totalCount, page, totalPages) : null} />
        {results}
        <Pagination
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          label={texts.pagination}
          previousLabel={texts.previousPage}
          nextLabel={texts.nextPage}
          pageLabel={texts.pageN}
          hideSingle
          layout="window"
        />
      </Stack>
    </Container>
  );
}
