import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { OutboxRelay } from '../src/common/events/outbox-relay';
import { EventsRepository } from '../src/common/events/events.repository';
import { QUEUES } from '../src/common/queue/queues';

/**
 * Waits until every event written so far has been handled: the outbox relayed (this app's relay,
 * at once) and the events queue empty (nothing waiting, delayed or running). Not a sleep: it returns as
 * soon as that holds, and fails after `timeoutMs` saying what is still pending.
 */
export async function eventsSettled(app: INestApplicationContext, timeoutMs = 10_000): Promise<void> {
  const relay = app.get(OutboxRelay);
  const outbox = app.get(EventsRepository);
  const queue = app.get<Queue>(getQueueToken(QUEUES.events));
  const until = Date.now() + timeoutMs;
  for (;;) {
    await relay.flush();
    const pending = await outbox.pendingCount();
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    const queued = Object.values(counts).reduce((a, b) => a + b, 0);
    if (pending === 0 && queued === 0) return;
    if (Date.now() > until) throw new Error(`events still pending: ${pending} in the outbox, queue ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
