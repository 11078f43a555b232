import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ACCOUNT_EXPORT_URL } from '../../lib/account-routes';
import { useAccountTexts } from './account-texts';

/** 'Download my data': the server answers the link with the JSON export as a file. */
export function ExportCard() {
  const texts = useAccountTexts();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="export-title">
      <Stack gap="md" align="flex-start">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="export-title">
            {texts.exportTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.exportText}
          </Text>
        </Stack>
        <Button component="a" href={ACCOUNT_EXPORT_URL} download variant="light" leftSection={<IconDownload size={16} aria-hidden />}>
          {texts.exportButton}
        </Button>
      </Stack>
    </Card>
  );
}
