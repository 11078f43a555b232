import type { ReactNode } from 'react';
import { Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface FlowCardProps {
  icon: ReactNode;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * One narrow card in the middle of the page, for the steps reached from an email or from the
 * sign-in form (forgot password, reset password, verify email). The title is the page's h1.
 */
export function FlowCard({ icon, title, intro, children }: FlowCardProps) {
  return (
    <Container size={560} py={{ base: 'lg', sm: 'xl' }} w="100%">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" bg="var(--tonieshelf-surface)">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
              {icon}
            </ThemeIcon>
            <Stack gap={4} miw={0}>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              {intro ? (
                <Text size="sm" c="dimmed">
                  {intro}
                </Text>
              ) : null}
            </Stack>
          </Group>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
