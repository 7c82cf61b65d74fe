import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import type { SessionCache } from './session-cache';
import { SessionSigner } from './session-signer';
import { DbSessionStore } from './session.store';

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
}

export const SESSION_COOKIE = 'sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Server-side sessions in the database. Cookie: HttpOnly, SameSite=Lax, Secure when the request
 * came over HTTPS (directly or through a trusted proxy's X-Forwarded-Proto).
 */
export async function registerSessions(
  app: FastifyInstance,
  db: AppDb,
  appSecret: string,
  cache: SessionCache | null = null,
) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: new SessionSigner(
      createHash('sha256').update(`session:${appSecret}`).digest('base64url'),
    ),
    cookieName: SESSION_COOKIE,
    store: new DbSessionStore(db, cache),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      path: '/',
      maxAge: THIRTY_DAYS_MS,
    },
  });
}
