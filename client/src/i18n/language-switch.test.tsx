// The language switch tells the server a signed-in account's new language (its mails follow it),
// and sends nothing for a visitor.
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '@tonieshelf/shared/languages';
import { useTRPC } from '../lib/trpc';
import { SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders } from '../test-utils/render';
import { i18n } from './i18n';
import { LanguageSwitch } from './language-switch';

/** The switch beside a reader of auth.me, as the header has it. */
function SwitchWithSession() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  return (
    <>
      <span>{me.isSuccess ? 'session known' : 'asking'}</span>
      <LanguageSwitch />
    </>
  );
}

afterEach(async () => {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  await i18n.changeLanguage('en');
});

describe('LanguageSwitch', () => {
  it('a signed-in account: switching to German -> account.rememberLanguage({ language: de })', async () => {
    const view = renderWithProviders(<SwitchWithSession />, { handlers: { 'auth.me': () => SIGNED_IN, 'account.rememberLanguage': () => ({ ok: true }) } });
    await view.findByText('session known');
    await view.user.click(view.getByText('DE'));
    await expect.poll(() => view.callsTo('account.rememberLanguage').map((c) => c.input)).toEqual([{ language: 'de' }]);
    expect(i18n.language).toBe('de');
  });

  it('a visitor: switching changes the language and sends nothing', async () => {
    const view = renderWithProviders(<SwitchWithSession />, { handlers: { 'auth.me': () => null } });
    await view.findByText('session known');
    await view.user.click(view.getByText('DE'));
    expect(i18n.language).toBe('de');
    // A mutation enters the cache the moment it is asked for: none was.
    expect(view.queryClient.getMutationCache().getAll()).toHaveLength(0);
    expect(view.calls.map((c) => c.path)).toEqual(['auth.me']);
  });
});
