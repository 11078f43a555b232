import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * React.lazy with a way to fetch the code ahead of the first render (`load()`, when a visitor
 * reaches for what shows it): once fetched, the component renders at once, without a moment of
 * its Suspense fallback. A failed fetch shows when the component renders (its boundary answers).
 */
export function lazyWithLoad<P extends object>(importComponent: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const fetchComponent = () =>
    importComponent().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(async () => ({ default: await fetchComponent() }));
  function LazyComponent(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  LazyComponent.load = () => void fetchComponent().catch(() => undefined);
  return LazyComponent;
}
