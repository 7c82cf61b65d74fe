/**
 * The website widget's weight: everything a host page loads before the visitor's first message
 * is widget.js alone (no fonts, no CSS file, no iframe page, no config request; the history call
 * happens only for a returning visitor). Budget: ≤ 10 KB gzip.
 *
 *   node --import tsx bench/widget-size.ts
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { WIDGET_BUILD, WIDGET_ENTRY } from '../server/modules/webchat';
import { printTable, writeResult } from './lib/common';

const BUDGET_GZIP_BYTES = 10 * 1024;
/** What comparable embeds load before the first message (measured on their live embeds when the budget was set). */
const OTHERS = { typebot: 196 * 1024, flowise: 284 * 1024 };

const result = await build({ ...WIDGET_BUILD, entryPoints: [WIDGET_ENTRY], write: false });
const body = Buffer.from(result.outputFiles[0]!.contents);
const raw = body.length;
const gzip = gzipSync(body, { level: 9 }).length;
const gzipDefault = gzipSync(body).length;
const brotli = brotliCompressSync(body, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
}).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

printTable([
  { what: 'widget.js raw (minified)', bytes: raw, size: kb(raw) },
  { what: 'gzip -9 (as the server sends it)', bytes: gzip, size: kb(gzip) },
  { what: 'gzip -6 (a proxy’s default)', bytes: gzipDefault, size: kb(gzipDefault) },
  { what: 'brotli 11', bytes: brotli, size: kb(brotli) },
]);
const within = gzip <= BUDGET_GZIP_BYTES;
console.log(
  `budget ≤ ${kb(BUDGET_GZIP_BYTES)} gzip: ${within ? '✓' : '✗'} ` +
    `(Typebot ${kb(OTHERS.typebot)}, Flowise ${kb(OTHERS.flowise)}: ` +
    `${Math.round(OTHERS.typebot / gzip)}× and ${Math.round(OTHERS.flowise / gzip)}× ours)`,
);
const file = await writeResult('widget-size', {
  rawBytes: raw,
  gzipBytes: gzip,
  gzipDefaultBytes: gzipDefault,
  brotliBytes: brotli,
  budgetGzipBytes: BUDGET_GZIP_BYTES,
  withinBudget: within,
  comparisonBytes: OTHERS,
});
console.log(`written ${file}`);
