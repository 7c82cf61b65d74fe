// The other half of the cycle: a value import back, which exists at run time.
import { first } from './first';

export function second(): number {
  return 1;
}

export function both(): number {
  return first() + second();
}
