// The first page's dropdown widgets before and after their code arrives: the stand-ins show the
// same labels and values, do what they can without the widget (remove a chosen language), and
// hand what the visitor did (a press, the focus, typed text) to the widget.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { LazyMultiSelect, LazySelect, LazyTooltip } from './lazy-widgets';

// The widgets' code arrives only when a test lets it.
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
      <LazySelect label="Sort By" data={SORTS} value="newest" onChange={onSort} />
      <LazyMultiSelect label="Language" data={LANGUAGES} value={['de-DE', 'en-GB']} onChange={onLanguages} />
      <LazyTooltip label="Two more tags">
        <button type="button">+2</button>
      </LazyTooltip>
    </>
  );
}

describe('dropdown widgets whose code loads after the first render', () => {
  it('before it arrives: the same labels and values; a chosen language can be removed', async () => {
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
  });

  it('a press on a stand-in opens the widget once it arrives, with the focus; what the visitor left counts no more', async () => {
    const onSort = vi.fn();
    const view = renderWithProviders(<Widgets onSort={onSort} onLanguages={vi.fn()} />, { route: '/faq' });

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

    // The language field kept what was typed.
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLInputElement).value).toBe('eng');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort By' }).getAttribute('aria-haspopup')).toBe('listbox'));
  });
});
