/**
 * The public pages rendered to HTML at build time (scripts/prerender.ts runs this module from
 * Vite's SSR build): a visitor sees the landing page, the plans and the sign-in form before any
 * script has run, and the client hydrates that markup (main.tsx). The pages are rendered in the
 * default language, signed out; lazy screens and their catalogues are awaited, not left as
 * skeletons.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from '@/app/app';
import { DEFAULT_LANGUAGE, i18n } from '@/lib/i18n';

/** The markup of `#root` for one address (`/plans`, `/auth?plan=standard`). */
export async function renderPage(url: string): Promise<string> {
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  const [path, search = ''] = url.split('?', 2) as [string, string?];
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App />
      </Router>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
