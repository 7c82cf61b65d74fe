/**
 * First-load weight of the public pages and the dashboard, as sent on the wire: each route opened
 * in a fresh headless Chromium context (empty cache), until the network is idle, and every
 * response's encoded body size (Resource Timing `encodedBodySize`, the document's included)
 * summed by kind. Beside it, in the same run, the baseline: the same routes with compression
 * refused (`Accept-Encoding: identity`), and with gzip only (what the budget is written in). The dashboard home is opened by a signed-in owner.
 * Budget: JS + CSS ≤ 120 KB for `/`, `/plans` and `/auth`, ≤ 200 KB for the dashboard home;
 * widget.js ≤ 10 KB.
 * The reports' charts must not weigh on either first load: the chart chunk (chart.js
 * with the reports' chart component, `chart-canvas-*.js`) is printed on its own, and each load
 * says whether it fetched it (it must not).
 *
 * It builds nothing: run `npm run build` first. BENCH_CLIENT_DIST=<another dist/client> also
 * measures that build, served by this server bundle, for an A/B (e.g. main's build).
 *
 *   node --import tsx bench/first-load.ts
 */
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT as repoRoot } from '../server/lib/paths';
import { registerUser, startApp, type RunningApp } from './lib/app-client';
import { discardOutput, printTable, removeDir, round, tempDir, writeResult } from './lib/common';
import { serverBundle } from './lib/server-process';

const PUBLIC_ROUTES = ['/', '/plans', '/auth'];
const DASHBOARD = '/dashboard';
const BUDGET_BYTES = 120 * 1024;
/** The dashboard home's first load, on top of the framework every page shares. */
const DASHBOARD_BUDGET_BYTES = 200 * 1024;
const WIDGET_BUDGET_BYTES = 10 * 1024;
type Kind = 'js' | 'css' | 'font' | 'html' | 'other';

interface Load {
  build: string;
  route: string;
  /** compressed: Chromium's own Accept-Encoding (br); gzip: gzip only; identity: none */
  encoding: 'compressed' | 'gzip' | 'identity';
  bytes: Record<Kind | 'total' | 'jsCss', number>;
  requests: number;
  /** Content-Encoding of the route's scripts, as the server answered */
  scriptEncodings: string[];
  /** every response of the load, largest first: path and encoded body bytes */
  resources: { path: string; bytes: number }[];
}

function kindOf(url: string, initiator: string): Kind {
  const pathname = new URL(url).pathname;
  if (initiator === 'navigation') return 'html';
  if (/\.m?js$/.test(pathname)) return 'js';
  if (/\.css$/.test(pathname)) return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  return 'other';
}

async function measure(
  browser: Browser,
  origin: string,
  route: string,
  encoding: Load['encoding'],
  cookie: string | null,
): Promise<Omit<Load, 'build'>> {
  const context = await browser.newContext({
    ...(encoding === 'compressed' ? {} : { extraHTTPHeaders: { 'accept-encoding': encoding } }),
  });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
  }
  const page = await context.newPage();
  const scriptEncodings = new Set<string>();
  page.on('response', (res) => {
    if (res.url().endsWith('.js')) scriptEncodings.add(res.headers()['content-encoding'] ?? 'none');
  });
  await page.goto(origin + route, { waitUntil: 'networkidle' });
  // On a busy machine the network can fall idle while a script is still being run: the load is
  // over once the screen has rendered with no skeleton left (aria-busy), and the network is idle.
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      !document.querySelector('[aria-busy="true"]'),
  );
  await page.waitForLoadState('networkidle');
  const landedOn = new URL(page.url()).pathname;
  if (landedOn !== route) throw new Error(`${route} ended on ${landedOn}`);
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((e) => {
      const timing = e as PerformanceResourceTiming;
      return { url: timing.name, initiator: timing.initiatorType, size: timing.encodedBodySize };
    }),
  );
  await context.close();
  const bytes = { js: 0, css: 0, font: 0, html: 0, other: 0, total: 0, jsCss: 0 };
  for (const entry of entries) {
    bytes[kindOf(entry.url, entry.initiator)] += entry.size;
    bytes.total += entry.size;
  }
  bytes.jsCss = bytes.js + bytes.css;
  const resources = entries
    .map((e) => ({ path: new URL(e.url).pathname, bytes: e.size }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    route,
    encoding,
    bytes,
    requests: entries.length,
    scriptEncodings: [...scriptEncodings],
    resources,
  };
}

/**
 * A copy of this server bundle whose repository root serves `clientDist` as its client build:
 * the bundle finds its root by walking up to package.json (server/lib/paths.ts).
 */
function rootServing(clientDist: string): { bundle: string; dir: string } {
  const dir = tempDir('first-load-root');
  for (const entry of ['package.json', 'node_modules', 'server', 'widget']) {
    symlinkSync(path.join(repoRoot, entry), path.join(dir, entry));
  }
  mkdirSync(path.join(dir, 'dist'));
  symlinkSync(path.resolve(clientDist), path.join(dir, 'dist', 'client'));
  if (existsSync(path.join(repoRoot, 'dist', 'widget'))) {
    symlinkSync(path.join(repoRoot, 'dist', 'widget'), path.join(dir, 'dist', 'widget'));
  }
  // Copied, not linked: Node resolves a linked entry point to its real place, and its root.
  cpSync(path.dirname(serverBundle), path.join(dir, 'dist', 'server'), { recursive: true });
  return { bundle: path.join(dir, 'dist', 'server', path.basename(serverBundle)), dir };
}

function widgetBytes(origin: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/widget.js`,
      { headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => resolve(size));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function measureBuild(
  browser: Browser,
  app: RunningApp,
  build: string,
  cookie: string,
): Promise<Load[]> {
  const loads: Load[] = [];
  for (const encoding of ['compressed', 'gzip', 'identity'] as const) {
    for (const route of [...PUBLIC_ROUTES, DASHBOARD]) {
      const load = await measure(
        browser,
        app.origin,
        route,
        encoding,
        route === DASHBOARD ? cookie : null,
      );
      loads.push({ build, ...load });
    }
  }
  return loads;
}

const kb = (bytes: number) => round(bytes / 1024, 1);

/** The chart chunk of a build: chart.js and the reports' chart component, lazily loaded. */
const CHART_CHUNK = /^chart-canvas-[\w-]+\.js$/;

function chartChunk(clientDist: string): { name: string; br: number; gzip: number; raw: number } {
  const assets = path.join(clientDist, 'assets');
  const name = readdirSync(assets).find((file) => CHART_CHUNK.test(file));
  if (!name) throw new Error(`no chart chunk (chart-canvas-*.js) in ${assets}`);
  const size = (file: string) => statSync(path.join(assets, file)).size;
  return { name, br: size(`${name}.br`), gzip: size(`${name}.gz`), raw: size(name) };
}

const loadsChart = (load: Load) =>
  load.resources.some((r) => CHART_CHUNK.test(path.basename(r.path)));

async function main() {
  const clientIndex = path.join(repoRoot, 'dist', 'client', 'index.html');
  if (!existsSync(clientIndex) || !existsSync(serverBundle)) {
    throw new Error('no build: run "npm run build" first (this benchmark builds nothing)');
  }
  const other = process.env.BENCH_CLIENT_DIST;
  if (other && !existsSync(path.join(other, 'index.html'))) {
    throw new Error(`BENCH_CLIENT_DIST=${other} has no index.html`);
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const dirs: string[] = [];
  const loads: Load[] = [];
  const widget: Record<string, number> = {};
  try {
    const builds = [{ name: 'this build', bundle: serverBundle }];
    if (other) {
      const copy = rootServing(other);
      dirs.push(copy.dir);
      builds.push({ name: `BENCH_CLIENT_DIST`, bundle: copy.bundle });
    }
    for (const build of builds) {
      const dataDir = tempDir('first-load');
      dirs.push(dataDir);
      const app = await startApp({ DATA_DIR: dataDir }, build.bundle);
      discardOutput(app.server);
      try {
        const cookie = await registerUser(app.origin, `fl${Date.now().toString(36)}`);
        loads.push(...(await measureBuild(browser, app, build.name, cookie)));
        if (build.bundle === serverBundle) {
          for (const encoding of ['br', 'gzip', 'identity']) {
            widget[encoding] = await widgetBytes(app.origin, encoding);
          }
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    await browser.close();
    for (const dir of dirs) removeDir(dir);
  }

  printTable(
    loads.map((l) => ({
      build: l.build,
      route: l.route,
      encoding: `${l.encoding} (${l.scriptEncodings.join('/')})`,
      'JS KB': kb(l.bytes.js),
      'CSS KB': kb(l.bytes.css),
      'fonts KB': kb(l.bytes.font),
      'HTML KB': kb(l.bytes.html),
      'other KB': kb(l.bytes.other),
      'total KB': kb(l.bytes.total),
      'JS+CSS KB': kb(l.bytes.jsCss),
      budget: budgetMark(l),
      requests: l.requests,
      'chart.js': loadsChart(l) ? '✗ loaded' : '✓ not loaded',
    })),
  );
  function budgetMark(l: Load): string {
    if (l.encoding === 'identity') return '';
    const budget = PUBLIC_ROUTES.includes(l.route) ? BUDGET_BYTES : DASHBOARD_BUDGET_BYTES;
    const limit = budget / 1024;
    return l.bytes.jsCss <= budget ? `✓ ≤ ${limit}` : `✗ > ${limit}`;
  }
  const chart = chartChunk(path.join(repoRoot, 'dist', 'client'));
  console.log(
    `chart chunk ${chart.name} (chart.js + the reports' charts, loaded with the first chart): ` +
      `${kb(chart.br)} KB br, ${kb(chart.gzip)} KB gzip, ${kb(chart.raw)} KB raw; ` +
      `in a first load: ${loads.some(loadsChart) ? '✗ yes' : '✓ none'}`,
  );
  console.log(
    `widget.js: ${kb(widget.br!)} KB br, ${kb(widget.gzip!)} KB gzip, ${kb(widget.identity!)} KB ` +
      `raw (budget ≤ 10 KB: ${widget.gzip! <= WIDGET_BUDGET_BYTES ? '✓' : '✗'})`,
  );
  const file = await writeResult('first-load', {
    method:
      'fresh Chromium context per route, waitUntil networkidle, sum of Resource Timing encodedBodySize (document included)',
    budgetJsCssBytes: BUDGET_BYTES,
    dashboardBudgetJsCssBytes: DASHBOARD_BUDGET_BYTES,
    otherBuild: other ?? null,
    loads,
    widgetBytes: widget,
    widgetBudgetBytes: WIDGET_BUDGET_BYTES,
    chartChunk: chart,
    chartChunkInAFirstLoad: loads.some(loadsChart),
  });
  console.log(`written ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
