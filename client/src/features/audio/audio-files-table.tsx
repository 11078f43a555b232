import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Group, Paper, Table, Text, Title } from '@mantine/core';
import { LazyTooltip } from '../../components/lazy-widgets';
import { IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { confirmAction } from '../../components/confirm';
import { HiddenByModerators } from '../../components/hidden-by-moderators';
import { useDeleteAudio } from './api/use-delete-audio';
import { usePublishAudio } from './api/use-publish-audio';
import classes from './audio-files-table.module.css';
import { ListError, ListLoading } from '../../components/publishable/list-states';
import { useAudioTexts } from './audio-texts';
import type { UnverifiedRefusal } from './upload-status';

interface AudioFilesTableProps {
  files: AudioFile[];
  isLoading: boolean;
  isError: boolean;
  /** The list is being (re)fetched. */
  isFetching?: boolean;
  onRetry: () => void;
  /** The row being edited, highlighted. */
  editingId: number | null;
  onEdit: (file: AudioFile) => void;
  /** Called after a row is deleted (e.g. to leave the edit form of that row). */
  onDeleted: (id: number) => void;
  /** A row to move focus to once it is listed (the file just uploaded or saved), then `onFocused`. */
  focusId?: number | null;
  onFocused?: () => void;
  /** The page's alert for a publish refused for an unverified address. */
  unverifiedRefusal?: UnverifiedRefusal;
}

/**
 * 'Your Audio Files' (SPEC §2): Title (with 'Hidden by moderators' and 'Why?' on a file moderators
 * hid), Status and Actions (edit, publish for drafts, delete);
 * publishing and deleting ask first. Publishing refused for an unverified address says so above
 * the list, with 'Send the link again'.
 */
export function AudioFilesTable({
  files,
  isLoading,
  isError,
  isFetching = false,
  onRetry,
  editingId,
  onEdit,
  onDeleted,
  focusId = null,
  onFocused,
  unverifiedRefusal,
}: AudioFilesTableProps) {
  const texts = useAudioTexts();
  const publisher = usePublishAudio();
  const remover = useDeleteAudio({ onDeleted });
  const rootRef = useRef<HTMLDivElement>(null);
  // The file just published: focus goes to its new status once the list shows it (its Publish button is gone).
  const [publishedId, setPublishedId] = useState<number | null>(null);
  const rowOf = (id: number) => rootRef.current?.querySelector<HTMLElement>(`tr[data-audio-id="${id}"]`) ?? null;

  // The row takes focus when the list shows it. The save starts a refetch of the list; once no
  // fetch is under way and the row is still missing (the refetch failed, the file is gone), the
  // wish is dropped, so a later refetch (the window regaining focus) cannot take focus from
  // wherever the user is by then.
  useEffect(() => {
    if (focusId === null) return;
    const row = rowOf(focusId);
    if (row) row.focus();
    else if (isFetching) return;
    onFocused?.();
  }, [focusId, files, isFetching, onFocused]);
  useEffect(() => {
    if (publishedId === null || files.find((f) => f.id === publishedId)?.status !== 'published') return;
    rowOf(publishedId)?.querySelector<HTMLElement>('[data-testid=status-badge]')?.focus();
    setPublishedId(null);
  }, [publishedId, files]);

  const confirmPublish = (file: AudioFile) =>
    confirmAction({
      title: texts.publishConfirmTitle,
      text: texts.publishConfirmText(file.title),
      confirmLabel: texts.publish,
      cancelLabel: texts.cancel,
      color: 'teal',
      onConfirm: () => publisher.publish(file.id, () => setPublishedId(file.id)),
    });
  const confirmDelete = (file: AudioFile) =>
    confirmAction({
      title: texts.deleteConfirmTitle,
      text: texts.deleteConfirmText(file.title),
      confirmLabel: texts.delete,
      cancelLabel: texts.cancel,
      color: 'red',
      onConfirm: () => remover.remove(file),
    });

  let body;
  if (isLoading) body = <ListLoading text={texts.loadingFiles} />;
  else if (isError) body = <ListError text={texts.filesError} onRetry={onRetry} />;
  else if (files.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="no-own-files">
        {texts.noFilesYet}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="own-audio-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.title}</Table.Th>
              {/* Status and actions as wide as their contents ('Veröffentlicht' is longer than 'Published'). */}
              <Table.Th w={1}>{texts.status}</Table.Th>
              <Table.Th w={1} ta="right">
                {texts.actions}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr
                key={file.id}
                data-audio-id={file.id}
                tabIndex={-1}
                className={classes.focusTarget}
                bg={file.id === editingId ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td className={classes.tableTitle}>
                  <Text fz="sm" fw={500}>
                    {file.title}
                  </Text>
                  {file.hiddenByModerators ? (
                    <Box mt={4}>
                      <HiddenByModerators decisionId={file.decisionId} plain />
                    </Box>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={file.status === 'published' ? 'teal' : 'gray'}
                    tt="none"
                    styles={{ label: { overflow: 'visible' } }}
                    tabIndex={-1}
                    className={classes.focusTarget}
                    data-testid="status-badge"
                  >
                    {file.status === 'published' ? texts.statusPublished : texts.statusDraft}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <LazyTooltip label={texts.edit} withArrow>
                      <ActionIcon variant="subtle" aria-label={`${texts.edit} ${file.title}`} onClick={() => onEdit(file)}>
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                    </LazyTooltip>
                    {file.status === 'draft' ? (
                      <LazyTooltip label={texts.publish} withArrow>
                        <ActionIcon variant="subtle" color="teal" aria-label={`${texts.publish} ${file.title}`} onClick={() => confirmPublish(file)}>
                          <IconSend size={18} aria-hidden />
                        </ActionIcon>
                      </LazyTooltip>
                    ) : null}
                    <LazyTooltip label={texts.delete} withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={`${texts.delete} ${file.title}`} onClick={() => confirmDelete(file)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </LazyTooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper ref={rootRef} withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)" data-testid="own-audio-files">
      <Title order={2} fz="h3" mb="md">
        {texts.yourAudioFiles}
      </Title>
      {publisher.unverified && unverifiedRefusal ? <Box mb="md">{unverifiedRefusal({ onClose: publisher.dismissUnverified, 'data-testid': 'publish-refused' })}</Box> : null}
      {body}
    </Paper>
  );
}
