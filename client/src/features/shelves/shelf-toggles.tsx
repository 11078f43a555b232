// The Own / Wishlist / Favourites toggles of a Tonie (on every catalogue card and in the details
// dialog), for signed-in users: compact icon buttons with a tooltip on cards, labelled buttons in
// the dialog. Each names the Tonie ('Own: The Gruffalo') and says whether it is on (aria-pressed).
// Signed out: nothing on cards; the dialog offers to log in.
import { ActionIcon, Anchor, Button, Group, Text } from '@mantine/core';
import { LazyTooltip } from '../../components/lazy-widgets';
import { IconCircleCheck, IconCircleCheckFilled, IconGift, IconGiftFilled, IconHeart, IconHeartFilled, IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { skipToken } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { SHELVES, type ShelfName } from '@tonieshelf/shared/values/shelf';
import { useTRPC } from '../../lib/trpc';
import { authPathWithNext } from '../../lib/next-path';
import { useCurrentUser } from '../../lib/use-current-user';
import { isOn, useShelfState, useToggleShelf } from './shelf-states';
import { useShelfControlsTexts } from './shelf-controls-texts';

interface ShelfTogglesProps {
  tonieId: number;
  /** The Tonie's name for the buttons' names; read from the cached Tonie when not given. */
  name?: string;
  /** The card's compact variant (icon buttons); the dialog shows labelled buttons. */
  compact?: boolean;
}

const ICONS: Record<ShelfName, { off: typeof IconHeart; on: typeof IconHeart; color: string }> = {
  own: { off: IconCircleCheck, on: IconCircleCheckFilled, color: 'teal' },
  wishlist: { off: IconGift, on: IconGiftFilled, color: 'grape' },
  favourites: { off: IconHeart, on: IconHeartFilled, color: 'red' },
};

/** The Tonie's name from the cache of the dialog's own query (no request of its own when a name is given). */
function useTonieName(tonieId: number, name: string | undefined): string {
  const trpc = useTRPC();
  const tonie = useQuery(trpc.tonie.byId.queryOptions(name === undefined ? { id: tonieId } : skipToken));
  return name ?? tonie.data?.name ?? '';
}

/** A card's compact toggles, as a grid of Tonie cards shows them (TonieGridResults' cardActions). */
export function cardShelfToggles(tonie: { id: number; name: string }) {
  return <ShelfToggles tonieId={tonie.id} name={tonie.name} compact />;
}

export function ShelfToggles({ tonieId, name, compact = false }: ShelfTogglesProps) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return compact ? null : <LogInToTrack />;
  return <Toggles tonieId={tonieId} name={name} compact={compact} />;
}

function LogInToTrack() {
  const texts = useShelfControlsTexts();
  const { pathname, search } = useLocation();
  return (
    <Anchor component={Link} to={authPathWithNext(`${pathname}${search}`)} fz="sm" fw={600} data-testid="shelves-log-in">
      <IconLogin2 size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
      {texts.logInToTrack}
    </Anchor>
  );
}

function Toggles({ tonieId, name, compact }: Required<Pick<ShelfTogglesProps, 'tonieId' | 'compact'>> & Pick<ShelfTogglesProps, 'name'>) {
  const texts = useShelfControlsTexts();
  const tonieName = useTonieName(tonieId, name);
  const { state, ready } = useShelfState(tonieId);
  const { toggle } = useToggleShelf(tonieId, state);

  return (
    <Group
      gap={compact ? 4 : 'xs'}
      wrap="wrap"
      justify={compact ? 'center' : undefined}
      mb={compact ? 'xs' : undefined}
      role="group"
      aria-label={texts.togglesLabel}
      data-testid="shelf-toggles"
      data-ready={ready}
    >
      {SHELVES.map((shelf) => {
        const on = isOn(state, shelf);
        const { off: Off, on: On, color } = ICONS[shelf];
        const Icon = on ? On : Off;
        const label = texts.toggleLabel(texts.shelfNames[shelf], tonieName);
        if (compact) {
          return (
            <LazyTooltip key={shelf} label={`${texts.shelfNames[shelf]} · ${texts.toggleTooltip[shelf]}`} withArrow openDelay={300}>
              <ActionIcon
                variant={on ? 'light' : 'subtle'}
                color={on ? color : 'gray'}
                size="lg"
                radius="xl"
                aria-label={label}
                aria-pressed={on}
                disabled={!ready}
                onClick={() => toggle(shelf)}
                data-shelf={shelf}
              >
                <Icon size={20} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          );
        }
        return (
          <Button
            key={shelf}
            size="compact-sm"
            h={32}
            variant={on ? 'light' : 'default'}
            color={on ? color : undefined}
            leftSection={<Icon size={16} aria-hidden />}
            aria-label={label}
            aria-pressed={on}
            disabled={!ready}
            onClick={() => toggle(shelf)}
            data-shelf={shelf}
          >
            <Text span fz="sm" fw={600} inherit>
              {texts.shelfNames[shelf]}
            </Text>
          </Button>
        );
      })}
    </Group>
  );
}
