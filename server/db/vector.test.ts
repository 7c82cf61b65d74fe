import { describe, expect, it } from 'vitest';
import { vectorParam } from './vector';

describe('vectorParam', () => {
  it('lays an embedding out as pgvector’s binary input: int16 dimensions, int16 0, float4s', () => {
    expect(vectorParam([1, -0.5, 0]).toString('hex')).toBe('00030000' + '3f800000bf00000000000000');
  });
});
