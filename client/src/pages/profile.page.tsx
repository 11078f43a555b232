// /u/{username}: a user's public profile.
import { Container, Text } from '@mantine/core';

export function ProfilePage() {
  return (
    <Container size="lg" py="xl">
      <Text c="dimmed">Coming soon</Text>
    </Container>
  );
}
