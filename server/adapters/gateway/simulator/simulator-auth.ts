import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDb } from '../../../db/client';
import { instanceMissing, unauthorized } from './simulator-errors';
import * as repo from './simulator.repo';
import type { SimInstance } from './simulator.repo';

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function apikeyOf(request: FastifyRequest): string {
  const value = request.headers.apikey;
  return typeof value === 'string' ? value : '';
}

export function hasGlobalKey(request: FastifyRequest, globalKey: string): boolean {
  return sameSecret(apikeyOf(request), globalKey);
}

/**
 * The real guard order: the instance must exist (404, even with no key), then the `apikey`
 * header must hold the global key or that instance's own token (401).
 */
export async function guardInstance(
  request: FastifyRequest,
  db: AppDb,
  globalKey: string,
): Promise<SimInstance> {
  const name = (request.params as { instanceName: string }).instanceName;
  const instance = await repo.findInstance(db, name);
  if (!instance) throw instanceMissing(name);
  const key = apikeyOf(request);
  if (!sameSecret(key, globalKey) && !sameSecret(key, instance.token)) throw unauthorized();
  return instance;
}

/** Global-key-only routes (create). */
export function guardGlobal(request: FastifyRequest, globalKey: string) {
  if (!hasGlobalKey(request, globalKey)) throw unauthorized();
}
