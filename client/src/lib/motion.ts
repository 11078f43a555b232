/** True when the reader asked the system for less motion (prefers-reduced-motion: reduce). */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The behaviour for script-driven scrolling (scrollIntoView, scrollTo): 'smooth', or 'auto' (a jump)
 * under reduced motion. CSS cannot override an explicit `behavior: 'smooth'`, so callers ask here.
 */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
