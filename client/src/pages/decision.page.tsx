import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title';

// Being built (issue 11): replaced by the page itself.
export function DecisionPage() {
  usePageTitle('Decision of the moderators');
  return (
    <Container size="md" py="xl">
      <Title order={1}>Decision of the moderators</Title>
    </Container>
  );
}
