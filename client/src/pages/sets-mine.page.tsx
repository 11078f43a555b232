// Placeholder of the sets screens (issue 13): replaced by the screen itself.
import { Container, Title } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { usePageTitle } from '../lib/page-title';

export function MySetsPage() {
  const texts = useShellTexts();
  usePageTitle(texts.pages.mySets.title);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{texts.pages.mySets.title}</Title>
    </Container>
  );
}
