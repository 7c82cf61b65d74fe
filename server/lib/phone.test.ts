import { describe, expect, it } from 'vitest';
import { canonicalPhone, phoneVariants } from './phone';

describe('canonicalPhone', () => {
  it.each([
    ['5511987654321', '5511987654321'],
    ['551187654321', '5511987654321'],
    ['553187654321', '5531987654321'],
    ['+55 (31) 98765-4321', '5531987654321'],
    ['551133334444', '551133334444'],
    ['14155550123', '14155550123'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalPhone(input)).toBe(expected);
  });
});

describe('phoneVariants', () => {
  it('gives both spellings of a Brazilian mobile', () => {
    expect(phoneVariants('553187654321')).toEqual(['5531987654321', '553187654321']);
    expect(phoneVariants('551133334444')).toEqual(['551133334444']);
  });
});
