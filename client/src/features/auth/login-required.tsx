import { Button, Container, EmptyState, Paper } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuthShellTexts } from './auth-shell-texts';

interface LoginRequiredProps {
  /** Where 'Log In or Register' leads, e.g. '/auth?next=%2Faudio%2Fupload'. */
  to: string;
  message: string;
}

/** 'Login Required' with a 'Log In or Register' button (SPEC §2, the upload page). */
export function LoginRequired({ to, message }: LoginRequiredProps) {
  const texts = useAuthShellTexts();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        <EmptyState variant="light" size="lg">
          <EmptyState.Indicator>
            <IconLock aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={1}>{texts.loginRequired}</EmptyState.Title>
          <EmptyState.Description maw={440}>{message}</EmptyState.Description>
          <EmptyState.Actions>
            <Button component={Link} to={to} leftSection={<IconLogin size={16} aria-hidden />}>
              {texts.logInOrRegister}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Container>
  );
}
