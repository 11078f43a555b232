import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useShellTexts } from '../i18n/shell-texts';
import { useOpenAtOnce } from '../components/use-open-at-once';
import { AudioMenuButton } from './audio-menu-button';
import { AUDIO_LINKS } from './nav-items';

/**
 * The header's 'Audio' menu (Discover, Liked, Upload...): Header shows its button until this
 * code has loaded. `openAtOnce`: the button was pressed before (useOpenAtOnce).
 */
export function AudioMenu({ active, openAtOnce = false }: { active: boolean; openAtOnce?: boolean }) {
  const texts = useShellTexts();
  const { opened, setOpened, target } = useOpenAtOnce<HTMLButtonElement>(openAtOnce);
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-end" shadow="md" width={220} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AudioMenuButton ref={target} active={active} />
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
