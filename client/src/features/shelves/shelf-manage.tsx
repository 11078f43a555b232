// 'Manage shelf' on /shelves: the shelf's export and import and its share link, in one section
// that folds away. Open at first on wide screens (beside the totals); folded on phones, so the
// Tonies come first and the section is one line until it is wanted.
import { useState } from 'react';
import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { useTRPC } from '../../lib/trpc';
import { ShelfExportImport } from './shelf-import';
import { ShelfSharing } from './shelf-sharing';
import { useShelvesTexts } from './shelves-texts';

const ITEM = 'manage';
/** Mantine's md breakpoint: from here the section sits beside the totals. */
const WIDE = '(min-width: 62em)';

export function ShelfManage({ shelf }: { shelf: ShelfName }) {
  const texts = useShelvesTexts();
  const trpc = useTRPC();
  const wide = useMediaQuery(WIDE, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<string | null>(wide ? ITEM : null);
  // The same query as the sharing panel (one request): whether this shelf has a live link.
  const sharing = useQuery(trpc.shelf.sharing.queryOptions());
  const shared = Boolean(sharing.data?.find((s) => s.shelf === shelf)?.token);

  return (
    <Accordion value={open} onChange={setOpen} variant="contained" radius="md" data-testid="shelf-manage" styles={{ item: { background: 'var(--tonieshelf-surface)' } }}>
      <Accordion.Item value={ITEM}>
        <Accordion.Control icon={<IconSettings size={18} aria-hidden />}>
          <Group gap="xs" wrap="wrap" justify="space-between" pr="xs">
            <Stack gap={0}>
              <Text fw={700}>{texts.manageTitle}</Text>
              <Text fz="xs" c="dimmed">
                {texts.manageHint}
              </Text>
            </Stack>
            {shared ? (
              <Badge variant="light" color="teal" tt="none" data-testid="shelf-shared-badge">
                {texts.sharedBadge}
              </Badge>
            ) : null}
          </Group>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="lg">
            <section aria-label={texts.exportImportTitle}>
              <Text fw={700} mb="xs">
                {texts.exportImportTitle}
              </Text>
              <ShelfExportImport key={shelf} shelf={shelf} />
            </section>
            <ShelfSharing shelf={shelf} />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
