import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { ReportButton } from './report-dialog';
import { audioTarget } from './report-target';

// The form's code fails to load the first time it is asked for (a dropped connection).
const load = vi.hoisted(() => ({ failures: 1 }));
vi.mock('./report-form', async (importOriginal) => {
  if (load.failures > 0) {
    load.failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module: /assets/report-form.js');
  }
  return importOriginal();
});

describe('ReportDialog', () => {
  it('says so in the dialog when the form cannot be loaded, offers to reload, and keeps the page', async () => {
    const view = renderWithProviders(<ReportButton target={audioTarget({ id: 12, title: 'Moon Song' })} />, { handlers: {}, route: '/audio/discover' });
    await view.user.click(screen.getByRole('button', { name: 'Report' }));

    const dialog = await screen.findByRole('dialog');
    const failed = await within(dialog).findByTestId('lazy-form-failed');
    expect(within(failed).getByText('The form could not be loaded')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    // The page behind the dialog is still there.
    expect(screen.getByTestId('report-audio')).toBeTruthy();
  });
});
