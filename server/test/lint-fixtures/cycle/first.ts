// Half of a two-file cycle (first → second → first): server/test/eslint-config.test.ts expects
// import-x/no-cycle to refuse both files.
import { second } from './second';

export function first(): number {
  return second() + 1;
}
