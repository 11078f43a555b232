// The tags input before and after its code arrives: the stand-in shows the chosen tags, adds what
// is typed on Enter, removes the last on Backspace; what is typed carries over to the widget.
import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { LazyTagsInput } from './lazy-tags-input';

const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./tags-input-widget', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

function Tags({ initial }: { initial: string[] }) {
  const [tags, setTags] = useState(initial);
  const [search, setSearch] = useState('');
  return <LazyTagsInput label="Tags" data={['bedtime', 'car trip']} value={tags} onChange={setTags} searchValue={search} onSearchChange={setSearch} />;
}

describe('a tags input whose code loads after the first render', () => {
  it('the stand-in: the tags, Enter adds, Backspace removes; typed text carries over to the widget', async () => {
    const view = renderWithProviders(<Tags initial={['songs']} />, { route: '/faq' });
    const field = screen.getByRole('combobox', { name: 'Tags' }) as HTMLInputElement;
    expect(screen.getByText('songs')).toBeTruthy();

    await view.user.type(field, 'bedtime{Enter}');
    expect(screen.getByText('bedtime')).toBeTruthy();
    expect(field.value).toBe('');
    await view.user.type(field, '{Backspace}');
    expect(screen.queryByText('bedtime')).toBeNull();
    await view.user.type(field, 'car');

    await act(async () => chunk.release());
    await vi.waitFor(() => expect(document.querySelector('.mantine-TagsInput-inputField')).not.toBeNull());
    const widget = screen.getByRole('combobox', { name: 'Tags' }) as HTMLInputElement;
    expect(widget).not.toBe(field);
    expect(widget.value).toBe('car');
    expect(screen.getByText('songs')).toBeTruthy();
  });
});
