import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { CopyField } from '../../components/copy-field';
import { absoluteAddress } from '../../lib/links';
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
            <CopyField label={texts.feedAddress} value={address} copyLabel={texts.copyFeed} copiedLabel={texts.copied} data-testid="set-feed-url" copyTestId="set-feed-copy" />
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
