/** Every BullMQ queue of the platform, by name. A feature registers its queue here. */
export const QUEUES = {
  email: 'email',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
