/**
 * Where the build puts the public pages it rendered to HTML (scripts/prerender.ts) and how the
 * server finds them (server/plugins/static-client.ts): a folder of the client build, with a
 * manifest mapping each address to its file.
 */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_MANIFEST = 'pages.json';

/** `/` → `landing.html`, `/auth?plan=multi` → `auth-plan-multi.html`. */
export function prerenderedFileName(address: string): string {
  const slug = address
    .replace(/^\/+/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'landing'}.html`;
}

/** One rendered page: its file, and whether it also stands for its path with any query string. */
export interface RenderedPage {
  file: string;
  /** The page reads no query (the landing page): `/?utm_source=…` gets it too. */
  anyQuery: boolean;
}
