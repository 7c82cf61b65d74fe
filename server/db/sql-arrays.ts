import { sql } from 'drizzle-orm';

/**
 * A list as one SQL array parameter list (`ARRAY[$1, $2, …]::int[]`), for `= ANY (…)` and
 * `<> ALL (…)`: each item bound, none interpolated. An empty list is the caller's to skip
 * (`ARRAY[]` has no type to infer).
 */
export const intArray = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

export const textArray = (items: readonly string[]) =>
  sql`ARRAY[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;
