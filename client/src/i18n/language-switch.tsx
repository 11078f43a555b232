import { SegmentedControl } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@tonieshelf/shared/languages';
import { useTRPC } from '../lib/trpc';
import { useShellTexts } from './shell-texts';
import { useLanguage } from './use-language';

/**
 * Switches the interface language (header and mobile menu); the choice is remembered in the
 * browser, and for a signed-in account by the server too (its mails follow it).
 */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { language, setLanguage } = useLanguage();
  const texts = useShellTexts();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remember = useMutation(trpc.account.rememberLanguage.mutationOptions());
  const choose = (next: Language) => {
    setLanguage(next);
    // Only for an account (signed in, or at its second step); a failure changes nothing here.
    if (queryClient.getQueryData(trpc.auth.me.queryKey())) remember.mutate({ language: next });
  };
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={texts.shell.switchLanguage}
      data-testid="language-switch"
      value={language}
      onChange={(value) => {
        if (isLanguage(value)) choose(value);
      }}
      data={LANGUAGES.map((code) => ({ value: code, label: fullWidth ? LANGUAGE_NAMES[code] : code.toUpperCase() }))}
    />
  );
}
