import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title';

// Being built (issue 11): replaced by the page itself.
export function ModerationPage() {
  usePageTitle('Moderation');
  return (
    <Container size="md" py="xl">
      <Title order={1}>Moderation</Title>
    </Container>
  );
}
