import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../lib/links';

/** 'Back to Home' (or another target), above a page's title. */
export function BackLink({ to = ROUTES.home, label = 'Back to Home' }: { to?: string; label?: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
