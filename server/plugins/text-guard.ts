import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * What a route does with text PostgreSQL cannot store: `refuse` (400, the default) or `normalise`
 * (drop NUL, replace lone surrogates), for deliveries where refusing would lose a customer's
 * message (the WhatsApp webhook).
 */
export type TextPolicy = 'refuse' | 'normalise';

declare module 'fastify' {
  interface FastifyContextConfig {
    textPolicy?: TextPolicy;
  }
}

/** Deeper than any form or vendor payload we take; walking it would only cost us. */
export const MAX_INPUT_DEPTH = 32;

/**
 * PostgreSQL refuses NUL in text and jsonb (a 500 from deep inside a query, after earlier writes
 * of the same request), and refuses a lone surrogate in jsonb; node-postgres silently turns one
 * into U+FFFD in text. Either is a broken string no person typed.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\0') && value.isWellFormed();
}

export function storableText(value: string): string {
  return isStorableText(value) ? value : value.replaceAll('\0', '').toWellFormed();
}

type Finding = { kind: 'text' | 'depth'; path: string };

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/**
 * Walks parsed input without recursion (a deep body must not exhaust the stack): the first string
 * or key that cannot be stored, or a nesting deeper than MAX_INPUT_DEPTH. With `normalise`,
 * strings and keys are repaired in place instead and only depth is reported.
 */
export function inspectInput(root: unknown, policy: TextPolicy): Finding | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth', path };
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    const container = value as Record<string | number, unknown>;
    for (const [key, child] of entries) {
      const childPath = join(path, key);
      let slot = key;
      if (typeof key === 'string' && !isStorableText(key)) {
        if (policy === 'refuse') return { kind: 'text', path: childPath };
        delete container[key];
        slot = storableText(key);
        container[slot] = child;
      }
      if (typeof child === 'string') {
        if (isStorableText(child)) continue;
        if (policy === 'refuse') return { kind: 'text', path: childPath };
        container[slot] = storableText(child);
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return null;
}

function refusal(finding: Finding, where: string): AppError {
  const field = finding.path === '' ? where : finding.path;
  const key = finding.kind === 'depth' ? 'validation.tooDeep' : 'validation.invalidText';
  return new AppError('VALIDATION', { fieldErrors: { [field]: [key] } });
}

/** Refuses (or repairs) text that cannot be stored in any part of the request, before a handler runs. */
export function checkRequestText(request: FastifyRequest): void {
  const policy = request.routeOptions.config.textPolicy ?? 'refuse';
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ];
  for (const [where, value] of parts) {
    if (typeof value === 'string') {
      if (isStorableText(value)) continue;
      if (policy === 'refuse') throw refusal({ kind: 'text', path: '' }, where);
      if (where === 'body') request.body = storableText(value);
      continue;
    }
    const finding = inspectInput(value, policy);
    if (finding) throw refusal(finding, where);
  }
}

/** Every route, present and future: the check runs after parsing and before any handler. */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => checkRequestText(request));
}
