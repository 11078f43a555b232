import { Outlet } from 'react-router';
import { useShellTexts } from '../../i18n/shell-texts';
import { Footer } from './footer';
import { Header } from './header';
import classes from './layout.module.css';

/** Header, the page, footer. */
export function AppLayout() {
  const texts = useShellTexts();
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {texts.shell.skipToContent}
      </a>
      <Header />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
