/**
 * The last step of `npm run build`: the public pages rendered to HTML, so a visitor sees them
 * before any script runs (the client hydrates the markup, client/main.tsx).
 *
 * Vite's SSR build of client/entry-server.tsx (dist/prerender) renders each address below into
 * the built index.html's `#root`. The pages land in dist/client/prerendered/ with a brotli and a
 * gzip copy, and `pages.json` maps each address to its file: the server sends one of them only for
 * exactly that address (or, for the landing page, that path with any query) (server/plugins/static-client.ts), and the empty shell for anything else
 * (a campaign's `?utm_source=…`, a signed-in screen).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PLAN_IDS } from '../common/plans';
import {
  PRERENDERED_DIR,
  PRERENDERED_MANIFEST,
  prerenderedFileName,
  type RenderedPage,
} from '../common/prerendered';

const root = path.join(import.meta.dirname, '..');
const clientDist = path.join(root, 'dist/client');
const outDir = path.join(clientDist, PRERENDERED_DIR);

/**
 * The addresses a visitor reaches before signing in, with the plan the funnel carries. The
 * landing page reads no query, so a campaign's link (`/?utm_source=…`) gets it too; the plans and
 * sign-in pages show the plan their query names, so only these exact addresses are rendered.
 */
const ADDRESSES: { address: string; anyQuery: boolean }[] = [
  { address: '/', anyQuery: true },
  ...['/plans', ...PLAN_IDS.map((plan) => `/plans?selected=${plan}`)].map((address) => ({
    address,
    anyQuery: false,
  })),
  ...['/auth', ...PLAN_IDS.map((plan) => `/auth?plan=${plan}`)].map((address) => ({
    address,
    anyQuery: false,
  })),
];

const ROOT_ELEMENT = '<div id="root"></div>';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const renderer = (await import(path.join(root, 'dist/prerender/entry-server.js'))) as {
  renderPage: (url: string) => Promise<string>;
};
const shell = await readFile(path.join(clientDist, 'index.html'), 'utf8');
if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const manifest: Record<string, RenderedPage> = {};
for (const { address, anyQuery } of ADDRESSES) {
  const markup = await renderer.renderPage(address);
  const html = shell.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
  const file = prerenderedFileName(address);
  const bytes = Buffer.from(html);
  await writeFile(path.join(outDir, file), bytes);
  await writeFile(
    path.join(outDir, `${file}.br`),
    await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(path.join(outDir, `${file}.gz`), await gzipAsync(bytes, { level: 9 }));
  manifest[address] = { file, anyQuery };
}
await writeFile(path.join(outDir, PRERENDERED_MANIFEST), JSON.stringify(manifest, null, 2));
console.log(`prerendered ${ADDRESSES.length} public pages into ${path.relative(root, outDir)}`);
