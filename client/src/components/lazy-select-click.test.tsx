// A select's code arriving between the press on its stand-in and the click: the press opened the
// widget, and the click that lands on it must leave it open, not toggle it shut (a browser test
// missed its option so).
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { LazySelect } from './lazy-widgets';

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

const AGES = [
  { value: '3', label: '3 years' },
  { value: '4', label: '4 years' },
];

describe('a lazily loaded select clicked while its code arrives', () => {
  it('pressed as the stand-in, clicked as the widget -> the options show', async () => {
    renderWithProviders(<LazySelect label="Suits a child of" data={AGES} value={null} onChange={vi.fn()} />, { route: '/faq' });
    const standIn = screen.getByRole('combobox', { name: 'Suits a child of' });
    expect(standIn.getAttribute('aria-haspopup')).toBe('listbox');
    fireEvent.mouseDown(standIn);

    await act(async () => chunk.release());
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Suits a child of' })).not.toBe(standIn));
    fireEvent.click(screen.getByRole('combobox', { name: 'Suits a child of' }));
    expect(await screen.findByRole('option', { name: '3 years' })).toBeTruthy();
  });
});
