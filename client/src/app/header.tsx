import { Suspense, lazy, useState } from 'react';
import { Box, Burger, Button, Container, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { AccountControl } from '../features/auth/account-control';
import { LanguageSwitch } from '../i18n/language-switch';
import { useShellTexts } from '../i18n/shell-texts';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { HeaderSearch } from './header-search';
import { LazyWidget } from '../components/lazy-widget';
import { LoadBoundary } from '../components/load-boundary';
import { AudioMenuButton } from './audio-menu-button';
import { Logo } from './logo';
import { AUDIO_LINKS, MAIN_LINKS, isActivePath } from './nav-items';
import classes from './layout.module.css';

/** The drawer's code loads when the burger is first pressed (not with the page). */
const lazyMobileMenu = () => lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));
const AudioMenu = lazy(async () => ({ default: (await import('./audio-menu')).AudioMenu }));

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
          <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label={texts.shell.openMenu} aria-expanded={menuOpened} aria-controls="mobile-menu" />
        </Group>
      </Container>

      {menuUsed ? (
        <LoadBoundary reloadForNewVersion onError={menuFailed}>
          <Suspense fallback={null}>
            <MobileMenu opened={menuOpened} onClose={menu.close} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </header>
  );
}

/** The 'Audio' menu, or until its code has loaded its button, which opens it once it has. */
function AudioMenuSlot({ active }: { active: boolean }) {
  return (
    <LazyWidget standIn={({ reach, forget }) => <AudioMenuButton active={active} aria-haspopup="menu" aria-expanded={false} onClick={() => reach('open')} onBlur={forget} />}>
      {(reach) => <AudioMenu active={active} openAtOnce={reach === 'open'} />}
    </LazyWidget>
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
