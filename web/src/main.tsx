import '@mantine/core/styles.css';
import './console.css';
import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { styleNonce } from './style-nonce';

// Drawers, menus and dialogs lock the page's scroll with a <style> of their own (the scroll lock
// the component library uses), which the CSP refuses without the page's nonce.
setNonce(styleNonce());

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
