// The header's search before its quick-search code arrives: the field searches the catalogue on
// Enter, and what was typed and the focus carry over to the quick search.
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { HeaderSearch } from './header-search';

// The quick search's code arrives only when a test lets it.
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./quick-search', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

describe('the header search whose quick search loads after the first render', () => {
  it('before it arrives, Enter searches the catalogue', async () => {
    const view = renderWithProviders(<HeaderSearch />, { route: '/faq' });
    await view.user.type(screen.getByRole('textbox', { name: 'Search for Tonies' }), 'moon{Enter}');
    expect(view.location()?.pathname).toBe('/catalog');
    expect(new URLSearchParams(view.location()?.search).get('search')).toBe('moon');
  });

  it('what was typed, and the focus, carry over to the quick search', async () => {
    const view = renderWithProviders(<HeaderSearch />, { route: '/faq' });
    await view.user.type(screen.getByRole('textbox', { name: 'Search for Tonies' }), 'gruff');
    await act(async () => chunk.release());
    const search = (await screen.findByRole('combobox', { name: 'Search for Tonies' })) as HTMLInputElement;
    expect(search.value).toBe('gruff');
    expect(document.activeElement).toBe(search);
  });
});
