import './index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { currentLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root not found');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page comes rendered by the build in the default language (scripts/prerender.ts): the
// app takes that markup over. A visitor who chose another language gets the page rendered afresh
// in it instead of a page that would change its words while it hydrates.
if (container.firstElementChild && currentLanguage() === DEFAULT_LANGUAGE) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
