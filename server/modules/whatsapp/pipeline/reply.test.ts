import { describe, expect, it } from 'vitest';
import { FIRST_PART_TYPING_MS, MIN_TYPING_SEEN_MS, firstPartDueAt } from './reply';

describe('firstPartDueAt', () => {
  const windowMs = 4000;
  const lastMessageAt = 100_000;
  const windowClosedAt = lastMessageAt + windowMs;

  it('counts the pause from the last message: a pause as long as the window adds only the short typing', () => {
    const due = firstPartDueAt({
      pause: 4000,
      typingFrom: windowClosedAt,
      windowClosedAt,
      windowMs,
    });
    expect(due).toBe(windowClosedAt + FIRST_PART_TYPING_MS);
  });

  it('waits out the rest of a pause longer than the window', () => {
    const due = firstPartDueAt({
      pause: 7000,
      typingFrom: windowClosedAt,
      windowClosedAt,
      windowMs,
    });
    expect(due).toBe(lastMessageAt + 7000);
  });

  it('shows a pause shorter than the short typing whole, after the window', () => {
    const due = firstPartDueAt({
      pause: 600,
      typingFrom: windowClosedAt,
      windowClosedAt,
      windowMs,
    });
    expect(due).toBe(windowClosedAt + 600);
  });

  it('counts a wait for a free slot as typing, but shows "typing…" a little however late', () => {
    const typingFrom = windowClosedAt + 500;
    expect(firstPartDueAt({ pause: 4000, typingFrom, windowClosedAt, windowMs })).toBe(
      windowClosedAt + FIRST_PART_TYPING_MS,
    );
    const late = windowClosedAt + 20_000; // the turn waited behind a reply under way
    expect(firstPartDueAt({ pause: 4000, typingFrom: late, windowClosedAt, windowMs })).toBe(
      late + MIN_TYPING_SEEN_MS,
    );
  });

  it('sends at once when pauses are off', () => {
    const typingFrom = windowClosedAt + 2000;
    expect(firstPartDueAt({ pause: 0, typingFrom, windowClosedAt, windowMs })).toBe(typingFrom);
  });

  it('counts the whole pause from when typing began when no window is on record', () => {
    const due = firstPartDueAt({ pause: 3000, typingFrom: 5000, windowClosedAt: null, windowMs });
    expect(due).toBe(8000);
  });
});
