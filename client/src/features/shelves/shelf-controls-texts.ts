// The shelves' texts that the catalogue shows on its first page (the toggles on cards and in the
// dialog, the catalogue's shelf filter): its own namespace, so that the first script does not
// carry the texts of /shelves (shelves-texts.ts, which holds these too).
import type { ShelfFilter, ShelfName } from '@tonieshelf/shared/values/shelf';
import { defineTexts } from '../../i18n/texts';

export const SHELF_CONTROLS_EN = {
  shelfNames: { own: 'Own', wishlist: 'Wishlist', favourites: 'Favourites' } satisfies Record<ShelfName, string>,
  /** A toggle's accessible name: 'Own: Gruffalo'. */
  toggleLabel: (shelf: string, tonie: string) => `${shelf}: ${tonie}`,
  /** The tooltip of a compact toggle. */
  toggleTooltip: { own: 'I own it', wishlist: 'On my wishlist', favourites: 'A favourite' } satisfies Record<ShelfName, string>,
  togglesLabel: 'My shelves',
  logInToTrack: 'Log in to keep track of your Tonies',

  // The catalogue's filter
  filterLabel: 'My shelves',
  filterOptions: {
    all: 'All Tonies',
    none: 'Not on my shelves',
    wishlist: 'On my wishlist',
    own: 'Own',
    favourites: 'Favourites',
  } satisfies Record<ShelfFilter | 'all', string>,
  filterChip: (label: string) => `My shelves: ${label}`,
};

export const SHELF_CONTROLS_DE = {
  shelfNames: { own: 'Habe ich', wishlist: 'Wunschliste', favourites: 'Lieblinge' },
  toggleLabel: (shelf: string, tonie: string) => `${shelf}: ${tonie}`,
  toggleTooltip: { own: 'Habe ich', wishlist: 'Auf meiner Wunschliste', favourites: 'Ein Liebling' },
  togglesLabel: 'Meine Regale',
  logInToTrack: 'Melde dich an, um den Überblick über deine Tonies zu behalten',

  filterLabel: 'Meine Regale',
  filterOptions: {
    all: 'Alle Tonies',
    none: 'In keinem meiner Regale',
    wishlist: 'Auf meiner Wunschliste',
    own: 'Habe ich',
    favourites: 'Lieblinge',
  },
  filterChip: (label: string) => `Meine Regale: ${label}`,
};

export const useShelfControlsTexts = defineTexts('shelfControls', SHELF_CONTROLS_EN, SHELF_CONTROLS_DE);
