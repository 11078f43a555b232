// The Own / Wishlist / Favourites toggles of a Tonie (on every catalogue card and in the details
// dialog), for signed-in users.
interface ShelfTogglesProps {
  tonieId: number;
  /** The card's compact variant (icon buttons); the dialog shows labelled buttons. */
  compact?: boolean;
}

/** Not built yet: renders nothing. */
export function ShelfToggles(_props: ShelfTogglesProps) {
  return null;
}
