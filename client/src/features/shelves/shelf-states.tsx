// Where Tonies stand on the signed-in user's shelves, and the one write that changes it.
//
// Reads: a grid of cards (the catalogue page, /shelves) is wrapped in <ShelfStatesProvider> with
// the ids of its page and asks `shelf.states` ONCE for all of them; a toggle outside a provider,
// or for a Tonie the provider does not hold (the dialog opened by address), asks for its one id.
//
// Writes: `shelf.set` sends the desired state (idempotent), never a flip. The change shows at
// once in every cached shelf.states answer that asked for the Tonie; on an error the answers go
// back (unless a later change of the same Tonie is still on its way) with a toast; when the last
// change has settled, states, summary and shelf-filtered lists are fetched again. Changes of one
// Tonie run one after another (a mutation scope), so rapid clicks end in the last state.
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query, QueryClient } from '@tanstack/react-query';
import { type ShelfName, SHELF_MESSAGES } from '@tonieshelf/shared/values/shelf';
import type { ShelfState } from '@tonieshelf/shared/schemas/shelf';
import { currentLanguage } from '../../i18n/i18n';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCommonTexts } from '../../components/common-texts';

/** A Tonie on no shelf. */
function emptyState(tonieId: number): ShelfState {
  return { tonieId, status: null, favourite: false };
}

/** The state after putting a Tonie on a shelf or taking it off (own and wishlist exclude each other). */
function applyShelfChange(state: ShelfState, shelf: ShelfName, on: boolean): ShelfState {
  if (shelf === 'favourites') return { ...state, favourite: on };
  if (on) return { ...state, status: shelf };
  return state.status === shelf ? { ...state, status: null } : state;
}

/** Whether the Tonie is on that shelf. */
export function isOn(state: ShelfState, shelf: ShelfName): boolean {
  return shelf === 'favourites' ? state.favourite : state.status === shelf;
}

/** An answer of shelf.states with one Tonie's state replaced (a Tonie on no shelf is left out, as the server does). */
function withState(states: readonly ShelfState[], next: ShelfState): ShelfState[] {
  const rest = states.filter((s) => s.tonieId !== next.tonieId);
  return next.status === null && !next.favourite ? rest : [...rest, next];
}

/** The Tonie ids a cached shelf.states query asked for. */
function askedIds(query: Query): readonly number[] {
  const input = (query.queryKey[1] as { input?: { tonieIds?: unknown } } | undefined)?.input;
  return Array.isArray(input?.tonieIds) ? (input.tonieIds as number[]) : [];
}

interface ShelfStatesContextValue {
  ids: ReadonlySet<number>;
  states: readonly ShelfState[] | undefined;
  isPending: boolean;
}

const ShelfStatesContext = createContext<ShelfStatesContextValue | null>(null);

/** The states of one page of cards: one shelf.states query for all of `tonieIds` (signed in only). */
export function ShelfStatesProvider({ tonieIds, children }: { tonieIds: readonly number[]; children: ReactNode }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const ids = useMemo(() => [...new Set(tonieIds)], [tonieIds]);
  const query = useQuery(trpc.shelf.states.queryOptions(user && ids.length > 0 ? { tonieIds: ids } : skipToken));
  const value = useMemo<ShelfStatesContextValue>(() => ({ ids: new Set(ids), states: query.data, isPending: query.isPending }), [ids, query.data, query.isPending]);
  return <ShelfStatesContext.Provider value={value}>{children}</ShelfStatesContext.Provider>;
}

/**
 * One Tonie's state: from the surrounding provider when it holds the Tonie, else from a query of
 * its own (signed-in users only; `ready` false while it loads).
 */
export function useShelfState(tonieId: number): { state: ShelfState; ready: boolean } {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const context = useContext(ShelfStatesContext);
  const fromContext = context?.ids.has(tonieId) === true;
  const own = useQuery(trpc.shelf.states.queryOptions(user && !fromContext ? { tonieIds: [tonieId] } : skipToken));
  const states = fromContext ? context.states : own.data;
  const ready = fromContext ? !context.isPending : !own.isPending;
  const state = states?.find((s) => s.tonieId === tonieId) ?? emptyState(tonieId);
  return { state, ready: Boolean(user) && ready && states !== undefined };
}

/**
 * The Tonie's latest known state in the cache (the answer changed last), for a click: the page
 * may not have re-rendered yet after the previous click.
 */
function latestCachedState(queryClient: QueryClient, queryFilter: ReturnType<ReturnType<typeof useTRPC>['shelf']['states']['pathFilter']>, tonieId: number): ShelfState | null {
  let latest: Query | null = null;
  for (const query of queryClient.getQueryCache().findAll(queryFilter)) {
    if (query.state.data === undefined || !askedIds(query).includes(tonieId)) continue;
    if (!latest || query.state.dataUpdatedAt > latest.state.dataUpdatedAt) latest = query;
  }
  if (!latest) return null;
  return (latest.state.data as ShelfState[]).find((s) => s.tonieId === tonieId) ?? emptyState(tonieId);
}

/** Patches every cached shelf.states answer that asked for the Tonie. */
function patchStates(queryClient: QueryClient, queries: readonly Query[], tonieId: number, shelf: ShelfName, on: boolean): void {
  for (const query of queries) {
    if (!askedIds(query).includes(tonieId)) continue;
    queryClient.setQueryData<ShelfState[]>(query.queryKey, (old) => {
      if (!old) return old;
      const current = old.find((s) => s.tonieId === tonieId) ?? emptyState(tonieId);
      return withState(old, applyShelfChange(current, shelf, on));
    });
  }
}

const SHELF_MUTATION_KEY = ['shelf', 'set'] as const;

/**
 * Puts a Tonie on a shelf or takes it off, optimistically (see the top of this file). `toggle`
 * sends the opposite of the latest state in the cache (falling back to the rendered one).
 */
export function useToggleShelf(tonieId: number, rendered: ShelfState) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useSetShelf(tonieId);
  const toggle = (shelf: ShelfName) => {
    const current = latestCachedState(queryClient, trpc.shelf.states.pathFilter(), tonieId) ?? rendered;
    mutation.mutate({ tonieId, shelf, on: !isOn(current, shelf) });
  };
  return { toggle, isPending: mutation.isPending };
}

function useSetShelf(tonieId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const statesFilter = trpc.shelf.states.pathFilter();
  return useMutation({
    ...trpc.shelf.set.mutationOptions({
      onMutate: async (input) => {
        // Cancelling starts at once (a fetch on its way is dropped); the patch follows in the same
        // tick, so the next click already reads the new state.
        const cancelled = queryClient.cancelQueries(statesFilter);
        const queries = queryClient.getQueryCache().findAll(statesFilter);
        const snapshots = queries.map((q) => [q.queryKey, q.state.data] as const);
        patchStates(queryClient, queries, tonieId, input.shelf, input.on);
        await cancelled;
        return { snapshots };
      },
      onError: (_error, _input, context) => {
        // A later change of this Tonie is still on its way: it decides, and the refetch corrects.
        const later = queryClient.isMutating({ mutationKey: [...SHELF_MUTATION_KEY, tonieId] }) > 1;
        if (!later) for (const [key, data] of context?.snapshots ?? []) queryClient.setQueryData(key, data);
        const language = currentLanguage();
        const title = useCommonTexts.get(language).error;
        // The text comes from the shared texts, fetched when first needed: they are no part of
        // the catalogue's first load (the title alone if they cannot be fetched).
        void import('@tonieshelf/shared/i18n/messages')
          .then(({ formatMessage }) => formatMessage(SHELF_MESSAGES.updateFailed, language))
          .catch(() => title)
          .then((message) => toast({ title, message, variant: 'destructive' }));
      },
      onSettled: () => {
        if (queryClient.isMutating({ mutationKey: [...SHELF_MUTATION_KEY] }) > 1) return;
        void queryClient.invalidateQueries(statesFilter);
        void queryClient.invalidateQueries(trpc.shelf.summary.pathFilter());
        void queryClient.invalidateQueries({
          ...trpc.tonie.list.pathFilter(),
          predicate: (query) => (query.queryKey[1] as { input?: { shelf?: unknown } } | undefined)?.input?.shelf !== undefined,
        });
      },
    }),
    mutationKey: [...SHELF_MUTATION_KEY, tonieId],
    scope: { id: `shelf-set-${tonieId}` },
  });
}
