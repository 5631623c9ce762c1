import type { JobsOptions } from 'bullmq';

/** Options of an event's job: retried with a growing delay (about 68 minutes in all), kept a while for the job dashboard. */
export const EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 5000 },
  removeOnFail: { count: 20000 },
};
