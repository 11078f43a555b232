import { ActionIcon, Badge, Box, Group, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { confirmAction } from '../../components/confirm';
import { EmailUnverifiedAlert } from '../account/email-unverified-alert';
import { HiddenByModerators } from '../legal/hidden-by-moderators';
import { useDeleteAudio } from './api/use-delete-audio';
import { usePublishAudio } from './api/use-publish-audio';
import classes from './audio.module.css';
import { AudioError, AudioLoading } from './audio-states';
import { AUDIO_TEXTS } from './audio-texts';

interface AudioFilesTableProps {
  files: AudioFile[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The row being edited, highlighted. */
  editingId: number | null;
  onEdit: (file: AudioFile) => void;
  /** Called after a row is deleted (e.g. to leave the edit form of that row). */
  onDeleted: (id: number) => void;
}

/**
 * 'Your Audio Files' (SPEC §2): Title (with 'Hidden by moderators' and 'Why?' on a file moderators
 * hid), Status and Actions (edit, publish for drafts, delete);
 * publishing and deleting ask first. Publishing refused for an unverified address says so above
 * the list, with 'Send the link again'.
 */
export function AudioFilesTable({ files, isLoading, isError, onRetry, editingId, onEdit, onDeleted }: AudioFilesTableProps) {
  const publisher = usePublishAudio();
  const remover = useDeleteAudio({ onDeleted });

  const confirmPublish = (file: AudioFile) =>
    confirmAction({
      title: AUDIO_TEXTS.publishConfirmTitle,
      text: AUDIO_TEXTS.publishConfirmText(file.title),
      confirmLabel: AUDIO_TEXTS.publish,
      color: 'teal',
      onConfirm: () => publisher.publish(file.id),
    });
  const confirmDelete = (file: AudioFile) =>
    confirmAction({
      title: AUDIO_TEXTS.deleteConfirmTitle,
      text: AUDIO_TEXTS.deleteConfirmText(file.title),
      confirmLabel: AUDIO_TEXTS.delete,
      color: 'red',
      onConfirm: () => remover.remove(file),
    });

  let body;
  if (isLoading) body = <AudioLoading text={AUDIO_TEXTS.loadingFiles} />;
  else if (isError) body = <AudioError text={AUDIO_TEXTS.filesError} onRetry={onRetry} />;
  else if (files.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="no-own-files">
        {AUDIO_TEXTS.noFilesYet}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="own-audio-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{AUDIO_TEXTS.title}</Table.Th>
              <Table.Th w={110}>{AUDIO_TEXTS.status}</Table.Th>
              <Table.Th w={120} ta="right">
                {AUDIO_TEXTS.actions}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.id} data-audio-id={file.id} bg={file.id === editingId ? 'var(--mantine-primary-color-light)' : undefined}>
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
                  <Badge variant="light" color={file.status === 'published' ? 'teal' : 'gray'} data-testid="status-badge">
                    {file.status === 'published' ? AUDIO_TEXTS.statusPublished : AUDIO_TEXTS.statusDraft}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={AUDIO_TEXTS.edit} withArrow>
                      <ActionIcon variant="subtle" aria-label={`${AUDIO_TEXTS.edit} ${file.title}`} onClick={() => onEdit(file)}>
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {file.status === 'draft' ? (
                      <Tooltip label={AUDIO_TEXTS.publish} withArrow>
                        <ActionIcon variant="subtle" color="teal" aria-label={`${AUDIO_TEXTS.publish} ${file.title}`} onClick={() => confirmPublish(file)}>
                          <IconSend size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    <Tooltip label={AUDIO_TEXTS.delete} withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={`${AUDIO_TEXTS.delete} ${file.title}`} onClick={() => confirmDelete(file)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)" data-testid="own-audio-files">
      <Title order={2} fz="h3" mb="md">
        {AUDIO_TEXTS.yourAudioFiles}
      </Title>
      {publisher.unverified ? (
        <Box mb="md">
          <EmailUnverifiedAlert onClose={publisher.dismissUnverified} data-testid="publish-refused" />
        </Box>
      ) : null}
      {body}
    </Paper>
  );
}
