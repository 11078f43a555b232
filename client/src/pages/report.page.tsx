import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title';

// Being built (issue 11): replaced by the page itself.
export function ReportPage() {
  usePageTitle('Report content or contact us');
  return (
    <Container size="md" py="xl">
      <Title order={1}>Report content or contact us</Title>
    </Container>
  );
}
