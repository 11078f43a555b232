import type { ReactNode } from 'react';
import { Anchor, Divider, List, Paper, Stack, Text, Title } from '@mantine/core';

export interface NumberedSection {
  /** The section's id: its heading's, so `#<id>` links to it. */
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document's contents (links to each section) and its numbered sections (the terms, the privacy policy). */
export function NumberedSections({ contentsLabel, sections }: { contentsLabel: string; sections: readonly NumberedSection[] }) {
  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} mb="lg" bg="var(--tonieshelf-surface)" component="nav" aria-label={contentsLabel}>
        <Text fw={700} fz="sm" mb="xs">
          {contentsLabel}
        </Text>
        <List type="ordered" size="sm" spacing={4} withPadding>
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`} fz="sm">
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        <Stack gap="lg">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              {index > 0 ? <Divider mb="lg" /> : null}
              <Title order={2} fz="h4" mb="xs" id={section.id} style={{ scrollMarginTop: 80 }}>
                {index + 1}. {section.title}
              </Title>
              {section.body}
            </section>
          ))}
        </Stack>
      </Paper>
    </>
  );
}
