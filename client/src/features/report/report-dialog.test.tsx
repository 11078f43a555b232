import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { ReportButton } from './report-dialog';
import { audioTarget } from './report-target';

// The form's code fails to load the first time (a dropped connection), then loads.
const load = vi.hoisted(() => ({ failures: 1 }));
vi.mock('./report-form', async (importOriginal) => {
  if (load.failures > 0) {
    load.failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module: /assets/report-form.js');
  }
  return importOriginal();
});

describe('ReportDialog', () => {
  it('says so when the form cannot be loaded, keeps the page, and loads it on Try Again', async () => {
    const view = renderWithProviders(<ReportButton target={audioTarget({ id: 12, title: 'Moon Song' })} />, { handlers: {}, route: '/audio/discover' });
    await view.user.click(screen.getByRole('button', { name: 'Report' }));

    const dialog = await screen.findByRole('dialog');
    const failed = await within(dialog).findByTestId('lazy-part-failed');
    expect(failed.textContent).toContain('The form could not be loaded');
    expect(screen.getByTestId('report-audio')).toBeTruthy();

    await view.user.click(within(failed).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByRole('form', { name: /Report/ })).toBeTruthy();
    expect(within(dialog).queryByTestId('lazy-part-failed')).toBeNull();
  });
});
