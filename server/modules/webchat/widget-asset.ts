import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from '../../lib/paths';

export const WIDGET_DIST = path.join(ROOT, 'dist', 'widget', 'widget.js');
export const WIDGET_ENTRY = path.join(ROOT, 'widget', 'src', 'main.ts');

/** The esbuild options of `npm run build:widget` (package.json), for builds without a dist. */
export const WIDGET_BUILD = {
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  legalComments: 'none',
} as const;

export interface WidgetAsset {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** first 16 hex digits of the sha-256 of the script: the snippet's `?v=` */
  hash: string;
}

async function readOrBuild(): Promise<Buffer> {
  try {
    return await readFile(WIDGET_DIST);
  } catch {
    // `npm run dev` and the integration tests run from sources: build in memory once.
    const { build } = await import('esbuild');
    const result = await build({ ...WIDGET_BUILD, entryPoints: [WIDGET_ENTRY], write: false });
    return Buffer.from(result.outputFiles[0]!.contents);
  }
}

let asset: Promise<WidgetAsset> | null = null;

/** The widget script, read (or built) once per process, with its compressed forms and hash. */
export function loadWidgetAsset(): Promise<WidgetAsset> {
  asset ??= readOrBuild().then((body) => ({
    body,
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body),
    hash: createHash('sha256').update(body).digest('hex').slice(0, 16),
  }));
  asset.catch(() => {
    asset = null;
  });
  return asset;
}
