import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../lib/links';
import { useCommonTexts } from './common-texts';

/** 'Back to Home' (or another target), above a page's title. */
export function BackLink({ to = ROUTES.home, label }: { to?: string; label?: string }) {
  const texts = useCommonTexts();
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {label ?? texts.backToHome}
      </Group>
    </Anchor>
  );
}
