import { readFileSync } from 'node:fs';

function load(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`../client/locales/${file}`, import.meta.url), 'utf8'));
}

/** A text of the pt-BR catalogues, so server messages are asserted exactly as users read them. */
export function ptText(namespace: 'ui' | 'errors', key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      load(`pt-BR/${namespace}.json`),
    );
  if (typeof value !== 'string') throw new Error(`no pt-BR text for ${namespace}:${key}`);
  return value;
}
