import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMoodEmpty } from '@tabler/icons-react';
import { usePublishableTexts } from './publishable-texts';

export function ListLoading({ text }: { text: string }) {
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

export function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const texts = usePublishableTexts();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={texts.errorTitle} data-testid="audio-error" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{text}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {texts.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}

interface ListEmptyProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function ListEmpty({ title, text, action, icon }: ListEmptyProps) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)" data-testid="audio-empty">
      <EmptyState variant="light" size="lg">
        <EmptyState.Indicator>{icon ?? <IconMoodEmpty aria-hidden />}</EmptyState.Indicator>
        <EmptyState.Title order={2}>{title}</EmptyState.Title>
        {text ? <EmptyState.Description maw={480}>{text}</EmptyState.Description> : null}
        {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
