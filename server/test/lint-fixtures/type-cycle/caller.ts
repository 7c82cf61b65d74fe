// caller → callee with a value import, callee → caller with a type-only one: the type vanishes at
// run time, so this is no cycle and server/test/eslint-config.test.ts expects both files to pass.
import { callee } from './callee';

export interface Call {
  name: string;
}

export function caller(): string {
  return callee({ name: 'caller' });
}
