// Mantine's reset, variables and global classes; each component's own stylesheet comes with the
// component's code (vite.config.ts: mantineStylesPerComponent), so a page loads only the styles it
// renders. All of Mantine's rules sit in `@layer mantine`: the app's unlayered rules below (the
// focus ring, reduced motion) and its CSS modules win whatever order the stylesheets load in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('TonieShelf: the #root element is missing from index.html');

// The first render is a transition: React renders the page in slices of a few milliseconds and
// lets the browser work between them, instead of one long task (on a phone-class CPU the first
// render of /catalog was 300-500 ms of blocked main thread, most of Lighthouse's blocking time).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
