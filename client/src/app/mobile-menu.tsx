import { useEffect, useRef } from 'react';
import { Divider, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconHelpCircle, IconBooks } from '@tabler/icons-react';
import { Link, useLocation, useNavigationType } from 'react-router';
import { AccountControl } from '../features/auth/account-control';
import { LanguageSwitch } from '../i18n/language-switch';
import { useShellTexts } from '../i18n/shell-texts';
import { useLayoutTexts } from './layout-texts';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';
import { AUDIO_LINKS, MAIN_LINKS, isActivePath } from './nav-items';

const MAIN_ICONS = [IconHelpCircle, IconBooks] as const;

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
}

/** The header's links, search and account button in a drawer, for screens below 'sm'. */
export function MobileMenu({ opened, onClose }: MobileMenuProps) {
  const location = useLocation();
  const texts = useShellTexts();
  const layoutTexts = useLayoutTexts();

  // The menu mounts when first opened (header.tsx), but opens one render later: Mantine notes the
  // element to give the focus back to (the burger) when `opened` turns true, not when it starts so.
  const mounted = useMounted();

  // Any navigation (a link here, the back button) closes the menu.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  // Replacing navigations are the page correcting its own address (e.g. the catalogue's one-time
  // language preselection), not the visitor going somewhere: they leave the menu open.
  // The menu mounts when first opened (header.tsx): only a navigation after that closes it.
  const navigationType = useNavigationType();
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (navigationType !== 'REPLACE') onCloseRef.current();
  }, [location.key, navigationType]);

  return (
    // Built from Drawer's parts so that the dialog is named 'Menu', not by the logo link in its
    // header (a title would name it 'TonieShelf home'). Mantine moves focus in and back.
    <Drawer.Root opened={opened && mounted} onClose={onClose} position="right" size="min(22rem, 88vw)" hiddenFrom="sm" scrollAreaComponent={ScrollArea.Autosize}>
      <Drawer.Overlay />
      <Drawer.Content id="mobile-menu" aria-label={layoutTexts.menu}>
        <Drawer.Header>
          <Logo onClick={onClose} />
          <Drawer.CloseButton aria-label={texts.shell.closeMenu} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="md">
            <HeaderSearch onSubmitted={onClose} />
            <Divider />
            <nav aria-label={texts.shell.mobileNav}>
              <Stack gap={4}>
                {MAIN_LINKS.map((link, index) => {
                  const Icon = MAIN_ICONS[index] ?? IconHelpCircle;
                  return (
                    <NavLink
                      key={link.to}
                      component={Link}
                      to={link.to}
                      label={texts.nav[link.label]}
                      leftSection={<Icon size={18} aria-hidden />}
                      active={isActivePath(location.pathname, link.to)}
                      onClick={onClose}
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    />
                  );
                })}
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm">
                  {texts.shell.audioMenu}
                </Text>
                {AUDIO_LINKS.map(({ label, to, icon: Icon }) => (
                  <NavLink
                    key={to}
                    component={Link}
                    to={to}
                    label={texts.nav[label]}
                    leftSection={<Icon size={18} aria-hidden />}
                    active={isActivePath(location.pathname, to)}
                    onClick={onClose}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                ))}
              </Stack>
            </nav>
            <Divider />
            <LanguageSwitch fullWidth />
            <Divider />
            <AccountControl inline onNavigate={onClose} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
