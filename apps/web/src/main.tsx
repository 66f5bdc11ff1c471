import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import { startErrorReporting } from './lib/error-reporting';
import './styles.css';

// zod probes for eval() to speed up parsing; the app's CSP forbids eval, so every page load
// logged a CSP violation. Parsing without it is fast enough for the app's forms and answers.
z.config({ jitless: true });

// Not awaited: the app renders at once; the SDK arrives later, and only with a DSN.
void startErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
