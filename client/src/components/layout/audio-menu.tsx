import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useShellTexts } from '../../i18n/shell-texts';
import { AudioMenuButton } from './header';
import { AUDIO_LINKS } from './nav-items';

/** The header's 'Audio' menu (Discover, Liked, Upload...): Header shows its button until the dropdown widgets have loaded. */
export function AudioMenu({ active, defaultOpened = false }: { active: boolean; defaultOpened?: boolean }) {
  const texts = useShellTexts();
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-end" shadow="md" width={220} defaultOpened={defaultOpened}>
      <Menu.Target>
        <AudioMenuButton active={active} />
      </Menu.Target>
      <Menu.Dropdown>
        {AUDIO_LINKS.map(({ label, to, icon: Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
            {texts.nav[label]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
