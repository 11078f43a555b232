// /shared/{token}: a shelf shared by link, read-only, for anyone.
import { Container, Text } from '@mantine/core';

export function SharedShelfPage() {
  return (
    <Container size="lg" py="xl">
      <Text c="dimmed">Coming soon</Text>
    </Container>
  );
}
