import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import classes from './layout.module.css';

/** Header, the page, footer. */
export function AppLayout() {
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <Header />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
