import { chooseLanguage, useCurrentLanguage } from './i18n';
import { INTL_LOCALES, type Language } from '@tonieshelf/shared/languages';

/** The interface language, its Intl locale, and a way to switch (the choice is remembered). */
export function useLanguage(): { language: Language; locale: string; setLanguage: (language: Language) => void } {
  const language = useCurrentLanguage();
  return { language, locale: INTL_LOCALES[language], setLanguage: chooseLanguage };
}
