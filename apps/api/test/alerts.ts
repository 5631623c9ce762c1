import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '../src/common/queue/queues';
import { eventsSettled } from './events';

/**
 * Delivers the instant saved-search alerts that wait for the end of their batch window: waits until
 * every event is handled (the matches are recorded and their jobs scheduled), then runs the delayed
 * jobs now and waits until the queue is empty. Not a sleep: it returns as soon as that holds, and
 * fails after `timeoutMs` saying what is still pending.
 */
export async function alertsDelivered(app: INestApplicationContext, timeoutMs = 10_000): Promise<void> {
  await eventsSettled(app, timeoutMs);
  const queue = app.get<Queue>(getQueueToken(QUEUES.savedSearchAlerts));
  for (const job of await queue.getDelayed()) await job.promote();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    if (Object.values(counts).every((n) => n === 0)) return;
    if (Date.now() > until) throw new Error(`saved-search alerts still pending: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The ids of the instant alert jobs waiting for their window to end. */
export async function delayedAlertJobs(app: INestApplicationContext): Promise<string[]> {
  const queue = app.get<Queue>(getQueueToken(QUEUES.savedSearchAlerts));
  return (await queue.getDelayed()).map((j) => j.id!);
}
