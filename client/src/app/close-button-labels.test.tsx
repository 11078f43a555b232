// The one place that names every dialog's, drawer's and toast's close button: 'Close' in English,
// 'Schließen' in German, following a language switch; a component's own label still wins.
import { act, screen, within } from '@testing-library/react';
import { Drawer, Modal, Notification } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test-utils/render';
import { CloseButtonLabels } from './close-button-labels';

function Closables() {
  return (
    <CloseButtonLabels>
      <Modal opened onClose={() => undefined} title="A dialog">
        dialog body
      </Modal>
      <Drawer opened onClose={() => undefined} title="A drawer">
        drawer body
      </Drawer>
      <Notification onClose={() => undefined} title="A toast" data-testid="toast">
        toast body
      </Notification>
      <Modal opened onClose={() => undefined} title="Details" closeButtonProps={{ 'aria-label': 'Close details' }}>
        details body
      </Modal>
    </CloseButtonLabels>
  );
}

describe('CloseButtonLabels', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("names the close buttons of dialogs, drawers and toasts 'Close', and 'Schließen' once the language is German", async () => {
    renderWithProviders(<Closables />);
    const dialog = await screen.findByRole('dialog', { name: 'A dialog' });
    const drawer = await screen.findByRole('dialog', { name: 'A drawer' });
    const toast = screen.getByTestId('toast');
    for (const scope of [dialog, drawer, toast]) expect(within(scope).getByRole('button', { name: 'Close' })).toBeTruthy();
    // A component's own, more specific label is kept.
    const details = await screen.findByRole('dialog', { name: 'Details' });
    expect(within(details).getByRole('button', { name: 'Close details' })).toBeTruthy();

    await act(() => i18n.changeLanguage('de'));
    for (const scope of [dialog, drawer, toast]) {
      expect(within(scope).getByRole('button', { name: 'Schließen' })).toBeTruthy();
      expect(within(scope).queryByRole('button', { name: 'Close' })).toBeNull();
    }
    expect(within(details).getByRole('button', { name: 'Close details' })).toBeTruthy();
  });
});
