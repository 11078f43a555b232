import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
// After Mantine's styles: the app-wide focus ring and reduced-motion rules override theirs.
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
