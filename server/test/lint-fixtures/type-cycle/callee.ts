import type { Call } from './caller';

export function callee(call: Call): string {
  return call.name;
}
