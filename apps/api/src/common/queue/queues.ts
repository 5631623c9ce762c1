/** Every BullMQ queue of the platform, by name. A feature registers its queue here. */
export const QUEUES = {
  email: 'email',
  /** Account e-mail requests (reset, verification): the worker looks the account up, so answers take the same time. */
  account: 'account',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
