// 'Add chapters': the user's own audio files (drafts too) and published files of others whose
// licence allows sharing, searched by title, each with its duration. Both lists come page by page
// ('Load more'); Discover's pages are filtered here (others' files, not 'all rights reserved'), and
// further pages are fetched until there is something new to show or the list has ended. A file that would break the budget says so in the server's words before it is sent;
// the server's refusal is shown on the row if it still comes.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Loader, Modal, ScrollArea, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { formatClock } from '@tonieshelf/shared/format';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { isShareableLicence } from '@tonieshelf/shared/values/set';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { SearchBox } from '../../../components/search-box';
import { useTRPC } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { localMessage } from '../../../lib/account-errors';
import classes from '../../../components/publishable/publishable.module.css';
import { LicenceBadge } from '../../../components/publishable/licence-fields';
import { addRefusal, budgetOf } from './budget';
import { useSetEditorTexts } from './set-editor-texts';
import { writeMessage } from './use-set-editor';
import { focusIfLost } from '../../../lib/focus-lost';

/** Files fetched per page. */
const PICKER_PAGE_SIZE = 50;

type Source = 'mine' | 'others';

/** One source's pages for a search: 'mine' (audio.mine) or 'others' (audio.list, newest first). */
function usePickerPages(source: Source, search: string, enabled: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = search ? { search } : {};
  return useInfiniteQuery({
    queryKey: ['set-picker', source, search],
    queryFn: ({ pageParam }) =>
      source === 'mine'
        ? queryClient.fetchQuery(trpc.audio.mine.queryOptions({ page: pageParam, pageSize: PICKER_PAGE_SIZE, ...query }))
        : queryClient.fetchQuery(trpc.audio.list.queryOptions({ page: pageParam, pageSize: PICKER_PAGE_SIZE, sortBy: 'recent', ...query })),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page * PICKER_PAGE_SIZE < last.totalCount && last.audioFiles.length > 0 ? page + 1 : undefined),
    enabled,
    placeholderData: keepPreviousData,
  });
}

interface AddChaptersDialogProps {
  opened: boolean;
  onClose: () => void;
  set: SetDetail;
  onAdded: (set: SetDetail) => void;
}

export function AddChaptersDialog({ opened, onClose, set, onAdded }: AddChaptersDialogProps) {
  const texts = useSetEditorTexts();
  const trpc = useTRPC();
  const [source, setSource] = useState<Source>('mine');
  const [search, setSearch] = useState('');
  const [refusals, setRefusals] = useState<Record<number, string>>({});
  /** Fetch pages until at least this many files can be shown (or the list ends). */
  const [wanted, setWanted] = useState(1);
  const list = usePickerPages(source, search.trim(), opened);
  const add = useMutation(trpc.set.addChapters.mutationOptions());
  const fetched = (list.data?.pages ?? []).flatMap((p) => p.audioFiles);
  const files: AudioFile[] = source === 'mine' ? fetched : fetched.filter((f) => f.userId !== set.userId && isShareableLicence(f.licence));
  const { hasNextPage, isFetching, fetchNextPage } = list;
  const showing = files.length;
  useEffect(() => {
    if (opened && hasNextPage && !isFetching && showing < wanted) void fetchNextPage();
  }, [opened, hasNextPage, isFetching, fetchNextPage, showing, wanted]);
  const searching = showing === 0 && (hasNextPage || isFetching);
  const inSet = new Set(set.chapters.map((c) => c.audioFileId));
  const budget = budgetOf(set.chapters);

  // The toast is not heard while the dialog is open (outside an aria-modal dialog): its own status region says it.
  const [added, setAdded] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  /** The file just added: once its row says 'Already in the set', focus goes to the next file to add. */
  const focusAfterAdd = useRef<number | null>(null);
  const onAdd = async (file: AudioFile) => {
    setRefusals(({ [file.id]: _gone, ...rest }) => rest);
    try {
      const detail = await add.mutateAsync({ id: set.id, audioFileIds: [file.id] });
      focusAfterAdd.current = file.id;
      onAdded(detail);
      setAdded(texts.addedToast(file.title));
      toast({ message: texts.addedToast(file.title), variant: 'success' });
    } catch (failure) {
      setRefusals((r) => ({ ...r, [file.id]: writeMessage(failure) }));
    }
  };
  // The busy button was disabled (focus fell to the page) and now stays so: the next 'Add' below
  // (else above) takes the focus, or 'Close' when nothing is left to add.
  useLayoutEffect(() => {
    const id = focusAfterAdd.current;
    if (id === null || !inSet.has(id) || add.isPending) return;
    focusAfterAdd.current = null;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-add]') ?? [])];
    const at = buttons.findIndex((b) => b.dataset.add === String(id));
    const open = (b: HTMLButtonElement) => !b.disabled;
    focusIfLost(buttons.slice(at + 1).find(open) ?? buttons.slice(0, Math.max(at, 0)).reverse().find(open) ?? closeRef.current);
  });

  return (
    <Modal opened={opened} onClose={onClose} title={texts.addDialogTitle} size="lg" radius="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <SegmentedControl
          value={source}
          onChange={(v) => {
            setSource(v === 'others' ? 'others' : 'mine');
            setWanted(1);
          }}
          data={[
            { value: 'mine', label: texts.myFiles },
            { value: 'others', label: texts.othersFiles },
          ]}
          fullWidth
        />
        {source === 'others' ? (
          <Text fz="xs" c="dimmed">
            {texts.othersHint}
          </Text>
        ) : null}
        <SearchBox
          value={search}
          onSearch={(value) => {
            setSearch(value);
            setWanted(1);
          }}
          placeholder={texts.searchPlaceholder}
          label={texts.searchFiles}
          clearLabel={texts.clearSearch}
          width={320}
        />
        {list.isPending || searching ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text fz="sm">{texts.filesLoading}</Text>
          </Group>
        ) : list.isError ? (
          <Text fz="sm" c="red" role="alert">
            {writeMessage(list.error)}
          </Text>
        ) : files.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {texts.noFiles}
          </Text>
        ) : (
          <Stack ref={listRef} component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} data-testid="picker-list">
            {files.map((file) => {
              const already = inSet.has(file.id);
              const refusal = already ? null : addRefusal(budget, file.duration);
              const shown = refusals[file.id] ?? (refusal ? localMessage(refusal) : null);
              return (
                <li key={file.id} data-testid="picker-row">
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Text fz="sm" fw={600} className={classes.wrap}>
                        {file.title}
                      </Text>
                      <Group gap={6}>
                        <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {file.duration === null ? texts.unknownDuration : formatClock(file.duration)}
                        </Text>
                        <LicenceBadge licence={file.licence} />
                        {file.status === 'draft' ? (
                          <Badge size="sm" variant="light" color="gray" tt="none">
                            {texts.draftBadge}
                          </Badge>
                        ) : null}
                        {source === 'others' ? (
                          <Text fz="xs" c="dimmed">
                            {texts.by(file.userProfile.username)}
                          </Text>
                        ) : null}
                      </Group>
                      {shown ? (
                        <Text fz="xs" c="red" role={refusals[file.id] ? 'alert' : undefined} data-testid="picker-refusal">
                          {shown}
                        </Text>
                      ) : null}
                    </Stack>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      aria-label={already ? texts.alreadyIn : texts.addFile(file.title)}
                      disabled={already || refusal !== null}
                      loading={add.isPending && add.variables?.audioFileIds[0] === file.id}
                      onClick={() => void onAdd(file)}
                      style={{ flex: 'none' }}
                      data-add={file.id}
                    >
                      {already ? texts.alreadyIn : texts.add}
                    </Button>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
        {hasNextPage && showing > 0 ? (
          <Group justify="center">
            <Button variant="default" size="xs" loading={isFetching} onClick={() => setWanted(showing + 1)} data-testid="picker-more">
              {texts.loadMoreFiles}
            </Button>
          </Group>
        ) : null}
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="added-announcement">
          {added}
        </VisuallyHidden>
        <Group justify="flex-end">
          <Button ref={closeRef} variant="default" onClick={onClose}>
            {texts.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
