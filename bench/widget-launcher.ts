/**
 * Time from the widget's script tag to an interactive launcher on a blank host page, in Debian's
 * headless Chromium: a plain page on another origin holding only the copied snippet. Measured in
 * the page: from the moment widget.js is requested (its resource-timing start) to the moment the
 * launcher button exists in the widget's shadow root (checked every animation frame), and from
 * navigation start to the same moment. Cold = a fresh browser context (empty cache); warm = a
 * reload in the same context (widget.js comes from the immutable cache).
 *
 *   node --import tsx bench/widget-launcher.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { registerUser, startApp } from './lib/app-client';
import {
  discardOutput,
  median,
  percentile,
  printTable,
  removeDir,
  round,
  tempDir,
  writeResult,
} from './lib/common';

const RUNS = 15;

declare global {
  interface Window {
    __launcherAt?: number;
  }
}

/**
 * Runs in the page before any of its scripts: notes when the launcher first exists. A string, so
 * the TypeScript loader's helpers never end up in the page.
 */
const WATCH_LAUNCHER = `(() => {
  const check = () => {
    const button = document.querySelector('agent-webchat')?.shadowRoot?.querySelector('button');
    if (button) window.__launcherAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function main() {
  const dir = tempDir('widget-launcher');
  const app = await startApp({ DATA_DIR: dir });
  discardOutput(app.server);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const hostServer = createServer();
  try {
    const cookie = await registerUser(app.origin, `wl${Date.now().toString(36)}`);
    const created = await fetch(`${app.origin}/api/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.origin, cookie },
      body: JSON.stringify({ name: 'Padaria', systemPrompt: 'Você atende.', status: 'active' }),
    });
    const agent = (await created.json()) as { id: number };
    const codeRes = await fetch(`${app.origin}/api/agents/${agent.id}/webchat-code`, {
      headers: { cookie },
    });
    const { code } = (await codeRes.json()) as { code: string };
    const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Loja</title></head><body>${code}</body></html>`;
    hostServer.on('request', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
    const hostUrl = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}/`;

    const measure = async (page: Page) => {
      await page.waitForFunction(() => window.__launcherAt !== undefined);
      return page.evaluate(() => {
        const script = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('/widget.js')) as PerformanceResourceTiming;
        return {
          fromScriptMs: window.__launcherAt! - script.startTime,
          fromNavigationMs: window.__launcherAt!,
        };
      });
    };

    const cold: { fromScriptMs: number; fromNavigationMs: number }[] = [];
    const warm: typeof cold = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      await context.addInitScript(WATCH_LAUNCHER);
      const page = await context.newPage();
      await page.goto(hostUrl);
      cold.push(await measure(page));
      await page.reload();
      warm.push(await measure(page));
      await context.close();
    }
    const row = (what: string, list: typeof cold) => ({
      what,
      runs: list.length,
      'script→launcher p50 ms': round(median(list.map((r) => r.fromScriptMs)), 1),
      'script→launcher p95 ms': round(
        percentile(
          list.map((r) => r.fromScriptMs),
          95,
        ),
        1,
      ),
      'navigation→launcher p50 ms': round(median(list.map((r) => r.fromNavigationMs)), 1),
    });
    const rows = [row('cold (empty cache)', cold), row('warm (reload, cached)', warm)];
    printTable(rows);
    const file = await writeResult('widget-launcher', { runs: RUNS, rows });
    console.log(`written ${file}`);
  } finally {
    hostServer.close();
    await browser.close();
    await app.stop();
    removeDir(dir);
  }
}

await main();
