import { ActionIcon, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconRss } from '@tabler/icons-react';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { absoluteAddress } from '../report/report-target';
import { useSetsTexts } from './sets-texts';

/**
 * The set's podcast feed: its full address with a Copy button, what it is for (podcast tools such
 * as tonie-podcast-sync), and how many chapters it leaves out because of their licence.
 */
export function SetFeed({ set }: { set: SetDetail }) {
  const texts = useSetsTexts();
  const address = set.feedUrl ? absoluteAddress(set.feedUrl) : null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" bg="var(--tonieshelf-surface)" component="section" aria-labelledby="set-feed-title" data-testid="set-feed">
      <Stack gap="sm">
        <Group gap="xs">
          <IconRss size={20} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={2} fz="h4" id="set-feed-title">
            {texts.feedTitle}
          </Title>
        </Group>
        {address ? (
          <>
            <Text fz="sm">{texts.feedExplanation}</Text>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={texts.feedAddress}
                value={address}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="set-feed-url"
              />
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? texts.copied : texts.copyFeed} withArrow>
                    <ActionIcon
                      size={36}
                      variant={copied ? 'filled' : 'default'}
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                      aria-label={copied ? texts.copied : texts.copyFeed}
                      data-testid="set-feed-copy"
                    >
                      {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            {set.chaptersNotInFeed > 0 ? (
              <Text fz="sm" style={{ color: 'var(--mantine-color-orange-text)' }} data-testid="set-not-in-feed">
                {texts.notInFeed(set.chaptersNotInFeed)}
              </Text>
            ) : null}
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {texts.noFeed}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
