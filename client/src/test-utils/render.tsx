// render() for component tests: the component inside the app's providers (Mantine with the app
// theme, toasts and confirm modals, TanStack Query, tRPC answered by the test's handlers, a
// router at `route`). Returns Testing Library's queries plus a user-event session, the tRPC
// calls made, and the router's current address.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location } from 'react-router';
import type { AppRouter } from '@tonieshelf/server/router';
import { createQueryClient } from '../lib/query-client';
import { TRPCProvider } from '../lib/trpc';
import { cssVariablesResolver, theme } from '../theme';
import { handlerLink } from './trpc-link';
import type { TrpcCall, TrpcHandlers } from './trpc-link';

export { trpcError } from './trpc-link';
export type { TrpcHandlers } from './trpc-link';

interface RenderOptions {
  /** Answers per procedure path, e.g. { 'auth.me': () => user }. */
  handlers?: TrpcHandlers;
  /** The address the router starts at. */
  route?: string;
}

export function renderWithProviders(ui: ReactElement, { handlers = {}, route = '/' }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  const calls: TrpcCall[] = [];
  const trpcClient = createTRPCClient<AppRouter>({ links: [handlerLink(handlers, calls)] });
  const address: { current: Location | null } = { current: null };

  function LocationProbe() {
    address.current = useLocation();
    return null;
  }

  function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <MemoryRouter initialEntries={[route]}>
              <ModalsProvider>
                {children}
                <LocationProbe />
              </ModalsProvider>
            </MemoryRouter>
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    );
  }

  // Files are offered as a drop would: the input's accept list does not filter them (the app's own checks do).
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const result = render(ui, { wrapper: Providers });
  return {
    ...result,
    user,
    queryClient,
    /** Every tRPC call made so far. */
    calls,
    /** The calls made to one procedure, e.g. callsTo('audio.create'). */
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    /** The router's current address. */
    location: () => address.current,
  };
}
