import { SegmentedControl } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@tonieshelf/shared/languages';
import { useShellTexts } from './shell-texts';
import { useLanguage } from './use-language';

/** Switches the interface language (header and mobile menu); the choice is remembered. */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { language, setLanguage } = useLanguage();
  const texts = useShellTexts();
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={texts.shell.switchLanguage}
      data-testid="language-switch"
      value={language}
      onChange={(value) => {
        if (isLanguage(value)) setLanguage(value);
      }}
      data={LANGUAGES.map((code) => ({ value: code, label: fullWidth ? LANGUAGE_NAMES[code] : code.toUpperCase() }))}
    />
  );
}
