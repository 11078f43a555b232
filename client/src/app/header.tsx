import { Suspense, lazy, useId, useState, type ComponentPropsWithRef } from 'react';
import { Box, Burger, Button, Container, Group, useMantineTheme, type ButtonProps } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AccountControl } from '../features/auth/account-control';
import { LanguageSwitch } from '../i18n/language-switch';
import { preload } from '../lib/preload';
import { useShellTexts } from '../i18n/shell-texts';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { HeaderSearch } from './header-search';
import { forgetReach, isLastReached, reachWidget, requestWidgets, useWidgets } from '../components/deferred/widgets-loader';
import { LazyPartBoundary } from './lazy-part-boundary';
import { Logo } from './logo';
import { AUDIO_LINKS, MAIN_LINKS, isActivePath } from './nav-items';
import classes from './layout.module.css';

const loadMobileMenu = () => import('./mobile-menu');
/** Fetches the drawer's code ahead of the first press; a failure here shows when the menu is opened. */
const preloadMobileMenu = () => preload(loadMobileMenu);
/** The drawer's code loads when the burger is first pointed at, focused or pressed (not with the page). */
const lazyMobileMenu = () => lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** The sticky header of every page (SPEC §2 'Header and footer'). Below 'sm': a burger menu. */
export function Header() {
  const [menuOpened, menu] = useDisclosure(false);
  // Mounted from the first opening on (and kept, so that it closes with its transition).
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpened && !menuUsed) setMenuUsed(true);
  // If its code cannot be loaded, the menu closes again, and the next press tries anew.
  const [MobileMenu, setMobileMenu] = useState(lazyMobileMenu);
  const menuFailed = () => {
    menu.close();
    setMenuUsed(false);
    setMobileMenu(lazyMobileMenu);
  };
  const texts = useShellTexts();
  const { pathname } = useLocation();
  const audioActive = AUDIO_LINKS.some((link) => isActivePath(pathname, link.to));

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Logo compact />

        <Box visibleFrom="sm" className={classes.search}>
          <HeaderSearch />
        </Box>

        <Group gap={4} wrap="nowrap" visibleFrom="sm" component="nav" aria-label={texts.shell.mainNav} ml="auto">
          {MAIN_LINKS.map((link) => (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              variant="subtle"
              color="gray"
              c="var(--mantine-color-text)"
              px={{ base: 8, md: 12 }}
              className={classes.navLink}
              data-active={isActivePath(pathname, link.to) || undefined}
              aria-current={isActivePath(pathname, link.to) ? 'page' : undefined}
            >
              {texts.nav[link.label]}
            </Button>
          ))}
          <AudioMenuSlot active={audioActive} />
        </Group>

        <Group gap="xs" wrap="nowrap" ml={{ base: 'auto', sm: 0 }}>
          <HeaderLanguageSwitch />
          <ColorSchemeToggle />
          <Box visibleFrom="sm">
            <AccountControl />
          </Box>
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            onPointerEnter={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={texts.shell.openMenu}
            aria-expanded={menuOpened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      {menuUsed ? (
        <LazyPartBoundary reloadForNewVersion onError={menuFailed}>
          <Suspense fallback={null}>
            <MobileMenu opened={menuOpened} onClose={menu.close} />
          </Suspense>
        </LazyPartBoundary>
      ) : null}
    </header>
  );
}

/** The 'Audio' menu, or until the dropdown widgets have loaded its button, which opens it once they have. */
function AudioMenuSlot({ active }: { active: boolean }) {
  const widgets = useWidgets();
  const id = useId();
  const [asked, setAsked] = useState(false);
  if (widgets) return <widgets.AudioMenu active={active} openAtOnce={asked && isLastReached(id)} />;
  const ask = () => {
    setAsked(true);
    reachWidget(id, true);
  };
  return <AudioMenuButton active={active} aria-haspopup="menu" aria-expanded={false} onClick={ask} onPointerEnter={requestWidgets} onBlur={() => forgetReach(id)} />;
}

/** The 'Audio' menu's button (Menu.Target hands it its handlers and ref). */
export function AudioMenuButton({ active, ...others }: { active: boolean } & ButtonProps & ComponentPropsWithRef<'button'>) {
  const texts = useShellTexts();
  return (
    <Button
      variant="subtle"
      color="gray"
      c="var(--mantine-color-text)"
      px={{ base: 8, md: 12 }}
      className={classes.navLink}
      data-active={active || undefined}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...others}
    >
      {texts.shell.audioMenu}
    </Button>
  );
}

/**
 * The header's language switch, from 'sm' up (below, the mobile menu has its own). On a phone it
 * is not rendered at all: hidden by CSS, its sliding indicator still measured the page on every
 * load (a forced layout, ~40 ms unthrottled in a profile of /catalog).
 */
function HeaderLanguageSwitch() {
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  return wide ? (
    <Box visibleFrom="sm">
      <LanguageSwitch />
    </Box>
  ) : null;
}
