import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_TAG_MIN_USERS } from '@tonieshelf/shared/values/moderation';
import type { WaitingTag } from '@tonieshelf/shared/schemas/moderation';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useFormat } from '../../i18n/use-format';
import { useModerationTexts } from './moderation-texts';
import { LoadError, PanelLoader } from './queue-panel';
import { useApproveTag } from './use-moderation-mutations';

function ApproveButton({ tag }: { tag: WaitingTag }) {
  const approve = useApproveTag();
  const texts = useModerationTexts();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconCheck size={14} aria-hidden />}
      loading={approve.isPending}
      aria-label={`${texts.approve} ${tag.name}`}
      onClick={() =>
        approve.mutate(
          { tagId: tag.id },
          {
            onSuccess: () => toast({ title: texts.tagApproved(tag.name), message: texts.tagsIntro(REVIEW_TAG_MIN_USERS), variant: 'success' }),
            onError: (err) => toast({ title: texts.actionFailed, message: serverMessage(err) ?? texts.genericError, variant: 'destructive' }),
          },
        )
      }
    >
      {texts.approve}
    </Button>
  );
}

/** Review tags that wait to become catalogue filters: name, how many users and reviews, 'Approve'. */
export function ReviewTagsPanel() {
  const trpc = useTRPC();
  const tags = useQuery(trpc.moderation.waitingTags.queryOptions());
  const texts = useModerationTexts();
  const format = useFormat();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {texts.tagsIntro(REVIEW_TAG_MIN_USERS)}
      </Text>
      {tags.isPending ? (
        <PanelLoader />
      ) : tags.isError ? (
        <LoadError error={tags.error} onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <Title order={2} fz="h4" ta="center" py="xl" data-testid="tags-empty">
          {texts.tagsEmpty}
        </Title>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="waiting-tags">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.tagName}</Table.Th>
                  <Table.Th ta="right">{texts.tagUsers}</Table.Th>
                  <Table.Th ta="right">{texts.tagReviews}</Table.Th>
                  <Table.Th>{texts.tagSince}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tags.data.map((tag) => (
                  <Table.Tr key={tag.id}>
                    <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {tag.name}
                    </Table.Td>
                    <Table.Td ta="right">{format.count(tag.userCount)}</Table.Td>
                    <Table.Td ta="right">{format.count(tag.reviewCount)}</Table.Td>
                    <Table.Td>{format.date(tag.createdAt)}</Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <ApproveButton tag={tag} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
