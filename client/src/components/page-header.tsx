import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the title, e.g. a back link. */
  above?: ReactNode;
}

/** A page's one h1 and its subtitle. */
export function PageHeader({ title, subtitle, above }: PageHeaderProps) {
  return (
    <Stack gap={6} mb="xl">
      {above}
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
