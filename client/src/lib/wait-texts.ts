// How long a throttled visitor must wait, as the server's '{wait}' is filled in (account and
// report refusals alike), in English and German.
import { defineTexts } from '../i18n/texts';

export const useWaitTexts = defineTexts(
  'wait',
  {
    seconds: (n: number) => `${n} second${n === 1 ? '' : 's'}`,
    minutes: (n: number) => `${n} minute${n === 1 ? '' : 's'}`,
    hours: (n: number) => `${n} hour${n === 1 ? '' : 's'}`,
    /** When the server did not say how long. */
    unknown: 'a while',
  },
  {
    seconds: (n: number) => `${n} ${n === 1 ? 'Sekunde' : 'Sekunden'}`,
    minutes: (n: number) => `${n} ${n === 1 ? 'Minute' : 'Minuten'}`,
    hours: (n: number) => `${n} ${n === 1 ? 'Stunde' : 'Stunden'}`,
    unknown: 'einer Weile',
  },
);
