import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseCatalogueParams, toSearchString } from './catalogue-params';

/**
 * The catalogue's state, read from the address through the router (no polling), and `go` to
 * move to the next address: a new history entry, or a replaced one for corrections the visitor
 * did not ask for. Going to the address already shown does nothing.
 */
export function useCatalogueAddress() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const state = useMemo(() => parseCatalogueParams(params), [params]);

  const go = useCallback(
    (next: URLSearchParams, options: { replace?: boolean } = {}) => {
      const nextSearch = toSearchString(next);
      if (nextSearch === toSearchString(new URLSearchParams(search))) return;
      navigate({ pathname, search: nextSearch }, { replace: options.replace ?? false });
    },
    [navigate, pathname, search],
  );

  /** The address (path and query) of other parameters, for links. */
  const hrefFor = useCallback((next: URLSearchParams) => `${pathname}${toSearchString(next)}`, [pathname]);

  return { params, state, go, hrefFor, path: `${pathname}${search}` };
}
