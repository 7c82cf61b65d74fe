import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newUser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logStream });
  // A database that fails the insert and, like a unique violation does, names the row's values
  // in the error's detail.
  await t.database.db.execute(
    sql.raw(`CREATE FUNCTION refuse_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'refused %', NEW.email USING DETAIL = NEW.email || ' ' || NEW.password_hash;
      END $$`),
  );
  await t.database.db.execute(
    sql.raw(
      'CREATE TRIGGER refuse_user BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_user()',
    ),
  );
});
afterAll(async () => {
  await t.close();
});

describe('logs carry no secrets', () => {
  it('a database error during registration is logged by code and statement, without the hash, password or e-mail', async () => {
    const user = newUser({ password: 'segredo-unico-98765' });
    const res = await new HttpClient(t.baseUrl).post('/api/register', user);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String), code: 'INTERNAL' });

    const logged = lines.join('\n');
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({
      type: 'DatabaseError',
      code: 'P0001',
      statement: 'insert users',
    });
    expect(logged).not.toContain(user.password);
    expect(logged).not.toContain(user.email);
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain(user.username);
  });

  it('a password in a logged object is censored', () => {
    lines.length = 0;
    t.app.log.info({ body: { password: 'abc12345' }, token: 'tok-1' }, 'probe');
    const entry = JSON.parse(lines.find((l) => l.includes('"probe"'))!);
    expect(entry.body.password).toBe('[redacted]');
    expect(entry.token).toBe('[redacted]');
  });
});
