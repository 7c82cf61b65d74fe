import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ONLY, ONE_ENGINE, POSTGRES_ONLY } from './engines';

const root = path.resolve(import.meta.dirname, '../..');

describe('the engines each integration file runs on', () => {
  it('name files that exist, each in one list at most', () => {
    const listed = [...ONE_ENGINE, ...EMBEDDED_ONLY, ...POSTGRES_ONLY];
    expect(listed.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(listed.filter((file, i) => listed.indexOf(file) !== i)).toEqual([]);
    expect(listed.filter((file) => !file.endsWith('.int.test.ts'))).toEqual([]);
  });
});
