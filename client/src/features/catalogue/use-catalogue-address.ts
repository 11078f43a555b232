import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseCatalogueParams, toSearchString } from './catalogue-params';

/**
 * The catalogue's state, read from the address through the router (no polling), and `go` to
 * move to the next address: a new history entry, or a replaced one for corrections the visitor
 * did not ask for. Going to the address already shown does nothing.
 */
/** Where the router's history is now (ahead of what is rendered while a navigation renders). */
function historyPath(navigator: unknown): string | undefined {
  return (navigator as { location?: { pathname?: string } }).location?.pathname;
}

export function useCatalogueAddress() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname, search } = useLocation();
  const state = useMemo(() => parseCatalogueParams(params), [params]);

  const go = useCallback(
    (next: URLSearchParams, options: { replace?: boolean } = {}) => {
      // The page's own corrections (the language preselection, the legacy ?id=) may run while a
      // navigation elsewhere is still rendering (the router renders it as a transition, and the
      // history already points there): they must not pull the visitor back here.
      const now = historyPath(navigator);
      if (now !== undefined && now !== pathname) return;
      const nextSearch = toSearchString(next);
      if (nextSearch === toSearchString(new URLSearchParams(search))) return;
      navigate({ pathname, search: nextSearch }, { replace: options.replace ?? false });
    },
    [navigate, navigator, pathname, search],
  );

  /** The address (path and query) of other parameters, for links. */
  const hrefFor = useCallback((next: URLSearchParams) => `${pathname}${toSearchString(next)}`, [pathname]);

  return { params, state, go, hrefFor, path: `${pathname}${search}` };
}
