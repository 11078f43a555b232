import { Button, Group } from '@mantine/core';
import { AUDIO_PAGINATION_BUTTONS } from '@tonieshelf/shared/constants';
import { visiblePages } from './audio-format';
import { AUDIO_TEXTS } from './audio-texts';

interface AudioPaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Hide it when there is only one page (the Liked page). */
  hideSingle?: boolean;
}

/** '«', up to 5 page buttons, '»' (SPEC §2); '«' is disabled on page 1, '»' on the last page. */
export function AudioPagination({ page, totalPages, onChange, hideSingle = false }: AudioPaginationProps) {
  if (totalPages <= 0 || (hideSingle && totalPages <= 1)) return null;
  const pages = visiblePages(page, totalPages, AUDIO_PAGINATION_BUTTONS);
  return (
    <Group component="nav" aria-label={AUDIO_TEXTS.pagination} justify="center" gap={6} data-testid="audio-pagination">
      <Button variant="default" size="sm" px="sm" radius="xl" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        {AUDIO_TEXTS.previous}
      </Button>
      {pages.map((p) => (
        <Button
          key={p}
          variant={p === page ? 'filled' : 'default'}
          size="sm"
          px="sm"
          miw={36}
          radius="xl"
          onClick={() => onChange(p)}
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
        >
          {p}
        </Button>
      ))}
      <Button variant="default" size="sm" px="sm" radius="xl" disabled={page >= totalPages} onClick={() => onChange(page + 1)} aria-label="Next page">
        {AUDIO_TEXTS.next}
      </Button>
    </Group>
  );
}
