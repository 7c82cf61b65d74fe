import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { startAppServer, type AppServer } from './app-server';

export { expect };
export type { Page };

export interface TestUser {
  id: number;
  username: string;
  name: string;
  email: string;
  password: string;
}

/** A username no other test (or earlier run) uses: letters and digits only, under 64 chars. */
export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

export function newUserData(): Omit<TestUser, 'id'> {
  const username = uniqueUsername();
  return {
    username,
    name: `Maria ${username.slice(-6)}`,
    email: `${username}@example.com`,
    password: 'senha-segura-123',
  };
}

/**
 * Registers a user through the API. With the browser context's request object the session cookie
 * lands in the same cookie jar as the page, so the page is signed in afterwards.
 */
export async function registerViaApi(
  request: APIRequestContext,
  baseURL: string,
  data = newUserData(),
): Promise<TestUser> {
  const response = await request.post('/api/register', {
    data: { ...data, planId: 'standard' },
    // The server refuses state-changing requests whose Origin is not the site itself. Each test
    // is a different visitor: a distinct client address (honoured because the server trusts
    // loopback as a proxy, TRUST_PROXY in playwright.config.ts) keeps the per-address
    // registration limit from counting the whole suite as one person.
    headers: {
      Origin: baseURL,
      'Accept-Language': 'pt-BR',
      'X-Forwarded-For': `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number };
  return { ...data, id: body.id };
}

/**
 * API failures are part of the contract (400/401/409 under test)
 * and Chromium logs each one as a console error; those are asserted through the UI instead.
 * Everything else logged as an error (a failing script, a missing asset) fails the test.
 */
function isExpectedApiFailure(message: ConsoleMessage): boolean {
  return (
    message.text().startsWith('Failed to load resource') &&
    new URL(message.location().url || 'about:blank', 'http://x').pathname.startsWith('/api/')
  );
}

interface Fixtures {
  failOnConsoleErrors: void;
  signedInPage: { page: Page; user: TestUser };
}

interface WorkerFixtures {
  /** This worker's own server and embedded database (e2e/app-server.ts). */
  appServer: AppServer;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use) => {
      const server = await startAppServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },

  failOnConsoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedApiFailure(message)) {
          errors.push(`console.error: ${message.text()} (${message.location().url})`);
        }
      });
      context.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
      await use();
      expect(errors, 'errors logged in the browser').toEqual([]);
    },
    { auto: true },
  ],

  signedInPage: async ({ page, baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    const user = await registerViaApi(page.context().request, baseURL);
    await use({ page, user });
  },
});
