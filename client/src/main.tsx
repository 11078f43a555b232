// Mantine's reset, variables and global classes; each component's own stylesheet comes with the
// component's code (vite.config.ts: mantineStylesPerComponent), so a page loads only the styles it
// renders. All of Mantine's rules sit in `@layer mantine`: the app's unlayered rules below (the
// focus ring, reduced motion) and its CSS modules win whatever order the stylesheets load in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('TonieShelf: the #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
