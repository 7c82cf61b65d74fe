import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newUser, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

/** The test client is trusted as a proxy: one test signs in "behind" HTTPS. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

const client = () => new HttpClient(t.baseUrl);

describe('POST /api/register', () => {
  it('creates the user, signs them in and never returns the password', async () => {
    const c = client();
    const user = newUser({ planId: 'multi' });
    const res = await c.post('/api/register', user);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: user.username,
      name: user.name,
      email: user.email,
      role: 'user',
    });
    expect(JSON.stringify(res.body)).not.toContain(user.password);
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
  });

  it('stores the password as an argon2id hash', async () => {
    const user = newUser();
    await client().post('/api/register', user);
    const [row] = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`SELECT password_hash FROM users WHERE username = ${user.username}`,
    );
    const hash = row!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(user.password);
  });

  it('reports every registration validation message per field, in pt-BR', async () => {
    const res = await client().post('/api/register', {
      username: 'ab',
      password: '12345',
      name: '   ',
      email: 'not-an-email',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fieldErrors).toEqual({
      username: ['Nome de usuário deve ter pelo menos 3 caracteres'],
      password: ['Senha deve ter pelo menos 6 caracteres'],
      name: ['Nome é obrigatório'],
      email: ['E-mail inválido'],
    });
  });

  it('answers in English when the browser prefers it', async () => {
    const res = await client().post(
      '/api/register',
      { ...newUser(), password: '123' },
      { headers: { 'accept-language': 'en-US,en;q=0.9' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ password: ['Password must be at least 6 characters'] });
    expect(res.body.message).toBe('Password must be at least 6 characters');
  });

  it('refuses a username already taken, whatever its case, and changes nothing', async () => {
    const user = newUser();
    expect((await client().post('/api/register', user)).status).toBe(201);
    const before = await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
    const again = await client().post('/api/register', {
      ...newUser(),
      username: user.username.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'Este nome de usuário já está em uso.',
      fieldErrors: { username: ['Este nome de usuário já está em uso.'] },
    });
    const after = await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(after).toEqual(before);
  });

  it('refuses an email already registered', async () => {
    const user = newUser();
    await client().post('/api/register', user);
    const again = await client().post('/api/register', {
      ...newUser(),
      email: user.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Este e-mail já está cadastrado.',
    });
  });

  it('refuses an unknown plan', async () => {
    const res = await client().post('/api/register', { ...newUser(), planId: 'gold' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ planId: ['Plano inválido'] });
  });
});

describe('POST /api/login', () => {
  it('requires username and password with the exact messages', async () => {
    const res = await client().post('/api/login', { username: ' ', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      username: ['Nome de usuário é obrigatório'],
      password: ['Senha é obrigatória'],
    });
  });

  it('refuses a wrong password with a clear message', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const res = await client().post('/api/login', {
      username: user.username,
      password: 'errada123',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Usuário ou senha inválidos.',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('signs in with a new session id and a hardened cookie', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const c = client();
    // An anonymous session planted before login must not survive it (session fixation).
    c.cookies.set('sid', 'planted.value');
    const res = await c.post('/api/login', {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username);
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(c.cookies.get('sid')).not.toBe('planted.value');
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('rotates the session id at every login', async () => {
    const { client: c, user } = await signedInClient(t.baseUrl);
    const first = c.cookies.get('sid');
    await c.post('/api/login', { username: user.username, password: user.password });
    const second = c.cookies.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = new HttpClient(t.baseUrl);
    stale.cookies.set('sid', first!);
    expect((await stale.get('/api/user')).body).toBeNull();
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const res = await client().post(
      '/api/login',
      { username: user.username, password: user.password },
      { headers: { 'x-forwarded-proto': 'https' }, origin: t.baseUrl.replace('http:', 'https:') },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((v) => v.startsWith('sid='))).toMatch(/;\s*Secure/i);
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 200 with null when signed out (no error for a public page that asks)', async () => {
    const res = await client().get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Every other signed-in route still refuses with 401.
    const agents = await client().get('/api/agents');
    expect(agents.status).toBe(401);
    expect(agents.body).toEqual({
      message: 'Você precisa entrar para continuar.',
      code: 'UNAUTHENTICATED',
    });
  });

  it('logout deletes the session on the server, so the old cookie no longer works', async () => {
    const { client: c } = await signedInClient(t.baseUrl);
    const sid = c.cookies.get('sid')!;
    const rawId = decodeURIComponent(sid).split('.')[0]!;
    const count = async () =>
      (
        await queryRows(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM sessions WHERE sid = ${rawId}`,
        )
      )[0];
    expect(await count()).toEqual({ n: 1 });
    const res = await c.post('/api/logout');
    expect(res.status).toBe(204);
    expect(await count()).toEqual({ n: 0 });
    expect((await c.get('/api/user')).body).toBeNull();
    const replay = new HttpClient(t.baseUrl);
    replay.cookies.set('sid', sid);
    expect((await replay.get('/api/user')).body).toBeNull();
  });
});
