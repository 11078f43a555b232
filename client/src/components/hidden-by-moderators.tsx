import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
// The one text from the moderation group's (not every message's, which a list's first load would carry).
import { MODERATION_TEXTS } from '@tonieshelf/shared/i18n/texts/moderation';
import { useLanguage } from '../i18n/use-language';
import { decisionPath } from '../lib/links';
import { useCommonTexts } from './common-texts';

/**
 * What an owner sees on their own item that moderators hid (or that is hidden while their
 * account is suspended): 'Hidden by moderators' and 'Why?' to the statement of reasons.
 */
export function HiddenByModerators({ decisionId, size = 'sm', plain = false }: { decisionId: number | null; size?: 'xs' | 'sm' | 'md'; plain?: boolean }) {
  const texts = useCommonTexts();
  const { language } = useLanguage();
  const hidden = MODERATION_TEXTS.hiddenByModerators[language];
  return (
    <Group gap={6} wrap="wrap" data-testid="hidden-by-moderators" style={{ pointerEvents: 'auto' }}>
      {plain ? (
        <Text span fz="xs" fw={700} c="red" lh={1.35} style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
          {hidden}
        </Text>
      ) : (
        <Badge color="red" variant="filled" size={size} tt="none" leftSection={<IconEyeOff size={12} aria-hidden />}>
          {hidden}
        </Badge>
      )}
      {decisionId !== null ? (
        <Anchor
          component={Link}
          to={decisionPath(decisionId)}
          fz="xs"
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
          data-testid="hidden-why"
          onClick={(event) => event.stopPropagation()}
        >
          {texts.hiddenWhy}
        </Anchor>
      ) : null}
    </Group>
  );
}
