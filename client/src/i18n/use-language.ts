import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './i18n';
import { INTL_LOCALES, languageOf, type Language } from '@tonieshelf/shared/languages';

/** The interface language, its Intl locale, and a way to switch (the choice is remembered). */
export function useLanguage(): { language: Language; locale: string; setLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage ?? i18n.language);
  return { language, locale: INTL_LOCALES[language], setLanguage: chooseLanguage };
}
