// tRPC client with the TanStack React Query integration: components call
// `const trpc = useTRPC()` and pass `trpc.<router>.<procedure>.queryOptions(input)` to useQuery.
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@tonieshelf/server/router';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** The batch size the server accepts; more calls in one tick go out as several requests. */
const MAX_BATCH_ITEMS = 10;

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: MAX_BATCH_ITEMS,
        // Session cookie on every call (SPEC §7: all calls include credentials).
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  });
}
