/** Which database the integration suite runs on: `TEST_DATABASE=postgres` selects PostgreSQL. */
export function testDatabaseKind(): 'embedded' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'embedded';
}

/** A PostgreSQL URL with rights to create databases (the suite makes and drops its own). */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrlFor(name: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
