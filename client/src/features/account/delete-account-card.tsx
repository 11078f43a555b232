import { useState } from 'react';
import { Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useAccountTexts } from './account-texts';
import { DeleteAccountForm } from './delete-account-form';

/** 'Delete my account': what it does, and the button to the confirmation screen. */
export function DeleteAccountCard({ email }: { email: string }) {
  const [opened, setOpened] = useState(false);
  const texts = useAccountTexts();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="delete-account-title" style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Stack gap="md" align="flex-start">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="delete-account-title">
            {texts.deleteTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.deleteText}
          </Text>
        </Stack>
        <Button color="red" variant="light" onClick={() => setOpened(true)} leftSection={<IconTrash size={16} aria-hidden />}>
          {texts.deleteButton}
        </Button>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={texts.deleteModalTitle} styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' } }} size="lg" radius="lg">
        <DeleteAccountForm email={email} onCancel={() => setOpened(false)} />
      </Modal>
    </Card>
  );
}
