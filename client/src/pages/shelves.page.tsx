// /shelves: the signed-in user's Own, Wishlist and Favourites shelves.
import { Container, Text } from '@mantine/core';

export function ShelvesPage() {
  return (
    <Container size="lg" py="xl">
      <Text c="dimmed">Coming soon</Text>
    </Container>
  );
}
