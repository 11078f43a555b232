// Placeholder of the sets screens (issue 13): replaced by the screen itself.
import { Container, Title } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { usePageTitle } from '../lib/page-title';

export function SetsPage() {
  const texts = useShellTexts();
  usePageTitle(texts.pages.sets.title);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{texts.pages.sets.title}</Title>
    </Container>
  );
}
