import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import { countOne, isOverLimit, type Counter, type CounterFactory } from '../rate-limit';

/**
 * Only failed sign-ins count, and no number of them refuses the right password from another
 * address: a stranger who knows a username must not be able to lock its owner out.
 */
export const SIGN_IN_LIMITS = {
  /** wrong passwords for one username from one address; the owner elsewhere is unaffected */
  perUsernameAndAddress: { failures: 10, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** failures from one address over every username: guessing across accounts */
  perAddress: { failures: 100, windowSeconds: 60 * 60 },
  /** failures for one username over every address: past this each attempt waits, none refused */
  perUsername: { failuresBeforeDelay: 100, windowSeconds: 60 * 60 },
  delay: { firstMs: 250, maxMs: 5000 },
} as const;

/** The wait before checking a password, given the username's failures counted before it. */
export function signInDelayMs(failures: number): number {
  const over = failures - SIGN_IN_LIMITS.perUsername.failuresBeforeDelay;
  if (over < 0) return 0;
  return Math.min(SIGN_IN_LIMITS.delay.maxMs, SIGN_IN_LIMITS.delay.firstMs * 2 ** over);
}

export interface SignInAttempt {
  /** how long to wait before the password is checked */
  delayMs: number;
  /** counts the outcome of the check: only wrong credentials stay counted */
  settle<T>(check: Promise<T>): Promise<T>;
}

export interface SignInGuard {
  /** counts the attempt before any check, so parallel guesses cannot slip in under a limit */
  begin(username: string, address: string, log: FastifyBaseLogger): Promise<SignInAttempt>;
}

export function createSignInGuard(counters: CounterFactory): SignInGuard {
  const { perUsernameAndAddress, perAddress, perUsername } = SIGN_IN_LIMITS;
  const byPair = counters({
    name: 'signin:pair',
    points: perUsernameAndAddress.failures,
    durationSeconds: perUsernameAndAddress.windowSeconds,
    blockSeconds: perUsernameAndAddress.blockSeconds,
  });
  const byAddress = counters({
    name: 'signin:address',
    points: perAddress.failures,
    durationSeconds: perAddress.windowSeconds,
  });
  const byUsername = counters({
    name: 'signin:username',
    // never refuses: the count only sets the delay
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: perUsername.windowSeconds,
  });

  return {
    async begin(rawUsername, address, log) {
      const username = rawUsername.toLowerCase();
      // An address never holds '|', so the first one splits the key without ambiguity.
      const pairKey = `${address}|${username}`;
      const [pair, fromAddress] = await Promise.all([
        countOne(byPair, pairKey),
        countOne(byAddress, address),
      ]);
      const refusals = (
        [
          [byAddress, fromAddress, 'address'],
          [byPair, pair, 'username-and-address'],
        ] as const
      ).filter(([counter, result]) => isOverLimit(counter, result));
      if (refusals.length > 0) {
        const waitMs = Math.max(...refusals.map(([, result]) => result.msBeforeNext));
        const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
        log.info(
          { limit: refusals.map(([, , name]) => name), retryAfterSeconds },
          'sign-in refused: too many failures',
        );
        throw new AppError('RATE_LIMITED', { retryAfterSeconds });
      }
      const forUsername = await countOne(byUsername, username);
      const delayMs = signInDelayMs(forUsername.consumedPoints - 1);
      if (delayMs > 0) log.info({ delayMs }, 'sign-in slowed: many failures for this username');

      const undo = (pairCounter: (c: Counter, key: string) => Promise<unknown>) =>
        Promise.all([
          pairCounter(byPair, pairKey),
          byAddress.reward(address),
          byUsername.reward(username),
        ]);
      return {
        delayMs,
        async settle(check) {
          try {
            const value = await check;
            // A success starts this pair's count over and never counts anywhere.
            await undo((c, key) => c.delete(key));
            return value;
          } catch (err) {
            const wrongCredentials = err instanceof AppError && err.code === 'INVALID_CREDENTIALS';
            if (!wrongCredentials) await undo((c, key) => c.reward(key));
            throw err;
          }
        },
      };
    },
  };
}
