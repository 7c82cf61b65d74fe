import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { COUNTERS_TABLE } from '../rate-limit';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { SIGN_IN_LIMITS } from './sign-in-limits';

/** The test client stands for many people: the app trusts it as a proxy naming each address. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

const PAIR = SIGN_IN_LIMITS.perUsernameAndAddress.failures;
const ADDRESS = SIGN_IN_LIMITS.perAddress.failures;
const USERNAME = SIGN_IN_LIMITS.perUsername.failuresBeforeDelay;
/** for the tests that sign in over a hundred times (an argon2id check each) */
const LONG = { timeout: 90_000 };

let addressCounter = 0;
/** a fresh client address (198.18.0.0/15, reserved for tests) */
const newAddress = () => {
  const n = ++addressCounter;
  return `198.18.${n >> 8}.${n & 255}`;
};

function login(username: string, password: string, address: string, lang = 'pt-BR') {
  return new HttpClient(t.baseUrl).post(
    '/api/login',
    { username, password },
    { headers: { 'x-forwarded-for': address, 'accept-language': lang } },
  );
}

/** the delay the server added before checking the password, from its Server-Timing header */
function signInDelay(res: { headers: Headers }): number {
  const match = /signin-delay;dur=(\d+)/.exec(res.headers.get('server-timing') ?? '');
  return match ? Number(match[1]) : 0;
}

async function fail(username: string, address: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push((await login(username, `errada${i}`, address)).status);
  }
  return statuses;
}

describe('failed sign-ins per username and address', () => {
  it(`refuses the ${PAIR + 1}th try after ${PAIR} failures, saying in minutes how long to wait`, async () => {
    const { user } = await signedInClient(t.baseUrl);
    const address = newAddress();
    expect(await fail(user.username, address, PAIR)).toEqual(Array(PAIR).fill(401));

    const refused = await login(user.username, 'errada', address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas. Aguarde 15 minutos e tente novamente.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // the right password too, from that address, and in English when asked
    const english = await login(user.username, user.password, address, 'en');
    expect(english.status).toBe(429);
    expect(english.body.message).toBe('Too many attempts. Wait 15 minutes and try again.');
  });

  it('counts a burst of parallel guesses before checking any, so none slips in', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const address = newAddress();
    const burst = await Promise.all(
      Array.from({ length: PAIR + 5 }, (_, i) => login(user.username, `errada${i}`, address)),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(PAIR).fill(401), ...Array(5).fill(429)]);
  });

  it('does not stop the right password from another address', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const attacker = newAddress();
    const statuses = await fail(user.username, attacker, PAIR + 3);
    expect(statuses.slice(PAIR)).toEqual([429, 429, 429]);
    const owner = await login(user.username, user.password, newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.username).toBe(user.username);
  });

  it('starts over after a success', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const address = newAddress();
    expect(await fail(user.username, address, PAIR - 1)).toEqual(Array(PAIR - 1).fill(401));
    expect((await login(user.username, user.password, address)).status).toBe(200);
    expect(await fail(user.username, address, PAIR - 1)).toEqual(Array(PAIR - 1).fill(401));
    // still allowed: the last try of the new count
    expect((await login(user.username, 'errada', address)).status).toBe(401);
  });

  it('never counts successes', LONG, async () => {
    const { user } = await signedInClient(t.baseUrl);
    const address = newAddress();
    const over = Math.max(PAIR, ADDRESS, USERNAME) + 5;
    for (let i = 0; i < over; i++) {
      const res = await login(user.username, user.password, address);
      expect(res.status).toBe(200);
      expect(signInDelay(res)).toBe(0);
    }
    expect((await login(user.username, 'errada', address)).status).toBe(401);
  });
});

describe('failed sign-ins per address', () => {
  it(
    `refuses an address after ${ADDRESS} failures over any usernames; other addresses go on`,
    LONG,
    async () => {
      const { user } = await signedInClient(t.baseUrl);
      const address = newAddress();
      for (let i = 0; i < ADDRESS; i++) {
        expect((await login(`ninguem${addressCounter}x${i}`, 'qualquer1', address)).status).toBe(
          401,
        );
      }
      const refused = await login(user.username, user.password, address);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Muitas tentativas\. Aguarde \d+ minutos? e tente/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
      expect((await login(user.username, user.password, newAddress())).status).toBe(200);
    },
  );
});

describe('failed sign-ins per username, over every address', () => {
  it(
    `past ${USERNAME} failures slows each try down, more with each failure, and the right password still works`,
    LONG,
    async () => {
      const { user } = await signedInClient(t.baseUrl);
      // spread so that no address reaches its own limits
      for (let i = 0; i < USERNAME / PAIR; i++) {
        const statuses = await fail(user.username, newAddress(), PAIR);
        expect(statuses).toEqual(Array(PAIR).fill(401));
      }

      const started = performance.now();
      const first = await login(user.username, user.password, newAddress());
      expect(first.status).toBe(200);
      expect(signInDelay(first)).toBe(SIGN_IN_LIMITS.delay.firstMs);
      expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.delay.firstMs - 5);

      const wrong = await login(user.username, 'errada', newAddress());
      expect(wrong.status).toBe(401);
      expect(signInDelay(wrong)).toBe(SIGN_IN_LIMITS.delay.firstMs);

      const second = await login(user.username, user.password, newAddress());
      expect(second.status).toBe(200);
      expect(signInDelay(second)).toBe(2 * SIGN_IN_LIMITS.delay.firstMs);
    },
  );
});

describe('where the counts live', () => {
  it('on PostgreSQL in the library’s table, shared by every web process; embedded, in memory', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const address = newAddress();
    await fail(user.username, address, 3);
    const table = await queryRows<{ name: string | null }>(
      t.database.db,
      sql`SELECT to_regclass(${COUNTERS_TABLE})::text AS name`,
    );
    if (t.database.kind === 'embedded') {
      expect(table[0]?.name).toBeNull();
      return;
    }
    expect(table[0]?.name).toBe(COUNTERS_TABLE);
    const rows = await queryRows<{ points: number }>(
      t.database.db,
      sql`SELECT points FROM ${sql.identifier(COUNTERS_TABLE)}
          WHERE key = ${`signin:pair:${address}|${user.username.toLowerCase()}`}`,
    );
    expect(rows).toEqual([{ points: 3 }]);
  });
});
