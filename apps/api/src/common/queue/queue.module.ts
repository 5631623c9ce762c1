import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { QUEUES } from './queues';

const queueRegistrations = Object.values(QUEUES).map((name) => ({ name }));

/** BullMQ's connection options and key prefix for the configured Redis (queues and hand-made workers share them). */
export function bullConnection(config: AppConfig) {
  const url = new URL(config.redis.url);
  return {
    prefix: `${config.redis.prefix}:bull`,
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname && url.pathname !== '/' ? Number(url.pathname.slice(1)) : 0,
    },
  };
}

/** BullMQ connection and the queue registry; processors live in the feature modules (worker role only). */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        return {
          ...bullConnection(config),
          defaultJobOptions: {
            attempts: 5,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: 1000,
            removeOnFail: 5000,
          },
        };
      },
    }),
    BullModule.registerQueue(...queueRegistrations),
  ],
  exports: [BullModule],
})
export class QueueModule {}
