import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title';

// Being built (issue 11): replaced by the page itself.
export function ImprintPage() {
  usePageTitle('Imprint');
  return (
    <Container size="md" py="xl">
      <Title order={1}>Imprint</Title>
    </Container>
  );
}
