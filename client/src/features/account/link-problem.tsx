import type { ReactNode } from 'react';
import { Alert, Group, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useAccountTexts } from './account-texts';

/** An emailed link that cannot be used (expired, used, not ours): the reason and what to do now. */
export function LinkProblem({ message, actions }: { message: string; actions: ReactNode }) {
  const texts = useAccountTexts();
  return (
    <Stack gap="md" data-testid="link-problem">
      <Alert color="red" variant="light" icon={<IconLinkOff size={20} aria-hidden />} title={texts.linkProblemTitle} role="alert">
        {message}
      </Alert>
      <Group gap="sm">{actions}</Group>
    </Stack>
  );
}
