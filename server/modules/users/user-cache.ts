import type { UserRow } from './users.repo';

/**
 * Users by id for the signed-in lookups, on the embedded database only (see SessionCache for why
 * that is safe). Every write to a user goes through users.repo, which keeps this in step.
 */
export class UserCache {
  private readonly entries = new Map<number, UserRow>();

  constructor(private readonly max = 10_000) {}

  get(id: number): UserRow | undefined {
    return this.entries.get(id);
  }

  set(user: UserRow) {
    this.entries.delete(user.id);
    this.entries.set(user.id, user);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(id: number) {
    this.entries.delete(id);
  }
}
