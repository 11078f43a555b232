// The first page's dropdown widgets before and after their chunk arrives: the stand-ins show the
// same labels and values, do what they can without the widget (search on Enter, remove a chosen
// language), and hand what the visitor did (a press, the focus, typed text) to the widget.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { HeaderSearch } from '../../app/header-search';
import { DeferredMultiSelect, DeferredSelect, DeferredTooltip } from './deferred-widgets';

// The widgets' chunk arrives only when a test lets it.
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./widgets', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'az', label: 'A to Z' },
];
const LANGUAGES = [
  { value: 'de-DE', label: 'German (40)' },
  { value: 'en-GB', label: 'English (UK) (5)' },
];

function Widgets({ onSort, onLanguages }: { onSort: (value: string | null) => void; onLanguages: (value: string[]) => void }) {
  return (
    <>
      <HeaderSearch />
      <DeferredSelect label="Sort By" data={SORTS} value="newest" onChange={onSort} />
      <DeferredMultiSelect label="Language" data={LANGUAGES} value={['de-DE', 'en-GB']} onChange={onLanguages} />
      <DeferredTooltip label="Two more tags">
        <button type="button">+2</button>
      </DeferredTooltip>
    </>
  );
}

describe('dropdown widgets that load after the first render', () => {
  it('before they arrive: the same labels and values; Enter searches, a chosen language can be removed', async () => {
    const onLanguages = vi.fn();
    const view = renderWithProviders(<Widgets onSort={vi.fn()} onLanguages={onLanguages} />, { route: '/faq' });

    const sort = screen.getByRole('combobox', { name: 'Sort By' }) as HTMLInputElement;
    expect(sort.value).toBe('Newest First');
    expect(sort.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('German (40)')).toBeTruthy();
    expect(screen.getByRole('button', { name: '+2' })).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();

    // The pill's remove button works without the widget.
    const germanPill = screen.getByText('German (40)').closest('.mantine-Pill-root') as HTMLElement;
    await view.user.click(germanPill.querySelector('button')!);
    expect(onLanguages).toHaveBeenCalledWith(['en-GB']);

    // The header's field searches the catalogue on Enter.
    await view.user.type(screen.getByRole('textbox', { name: 'Search for Tonies' }), 'moon{Enter}');
    expect(view.location()?.pathname).toBe('/catalog');
    expect(new URLSearchParams(view.location()?.search).get('search')).toBe('moon');
  });

  it('a press on a stand-in opens the widget once it arrives, with the focus; typed text carries over; what the visitor left counts no more', async () => {
    const onSort = vi.fn();
    const view = renderWithProviders(<Widgets onSort={onSort} onLanguages={vi.fn()} />, { route: '/faq' });

    await view.user.type(screen.getByRole('textbox', { name: 'Search for Tonies' }), 'gruff');
    // Typed into the language field, then left it for Sort By: only Sort By opens.
    await view.user.type(screen.getByRole('combobox', { name: 'Language' }), 'eng');
    await view.user.click(screen.getByRole('combobox', { name: 'Sort By' }));
    expect(screen.queryByRole('option')).toBeNull();

    await act(async () => chunk.release());
    const sortBy = await screen.findByRole('option', { name: 'A to Z' });
    expect(screen.getAllByRole('listbox')).toHaveLength(1);
    expect(screen.queryByRole('option', { name: 'English (UK) (5)' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Sort By' }));
    await view.user.click(sortBy);
    expect(onSort).toHaveBeenCalledWith('az', expect.anything());

    // The quick search (now with its dialog) kept what was typed.
    const search = screen.getByRole('combobox', { name: 'Search for Tonies' }) as HTMLInputElement;
    expect(search.value).toBe('gruff');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort By' }).getAttribute('aria-haspopup')).toBe('listbox'));
  });
});
