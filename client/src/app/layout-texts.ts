// Texts of the shell's own parts that the shell texts (i18n/shell-texts.ts) do not hold yet, in
// English and German.
import { defineTexts } from '../i18n/texts';

export const LAYOUT_TEXTS = {
  /** The mobile menu drawer's accessible name. */
  menu: 'Menu',
};

export const useLayoutTexts = defineTexts('layout', LAYOUT_TEXTS, {
  menu: 'Menü',
});
