import { Injectable } from '@nestjs/common';

/**
 * What another module does when a member's account is removed, inside the removal's transaction and
 * before the user row goes (its rows cascade with it): e.g. the listings module removes each listing
 * with its own `listing.removed` event. It may answer a cleanup to run after the commit (files in storage).
 */
export type AccountRemovalStep = (userId: string, actorId: string) => Promise<(() => Promise<void>) | void>;

/**
 * The steps other modules register (users cannot depend on them: they depend on users). Registered at
 * module init; run in registration order by UsersService.remove.
 */
@Injectable()
export class AccountRemovalSteps {
  private readonly steps: Array<{ name: string; step: AccountRemovalStep }> = [];

  register(name: string, step: AccountRemovalStep): void {
    if (!this.steps.some((s) => s.name === name)) this.steps.push({ name, step });
  }

  /** Runs every step (inside the caller's transaction); answers the cleanups to run after it commits. */
  async beforeRemoval(userId: string, actorId: string): Promise<Array<() => Promise<void>>> {
    const cleanups: Array<() => Promise<void>> = [];
    for (const { step } of this.steps) {
      const cleanup = await step(userId, actorId);
      if (cleanup) cleanups.push(cleanup);
    }
    return cleanups;
  }
}
