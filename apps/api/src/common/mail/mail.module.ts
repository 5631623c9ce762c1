import { DynamicModule, Global, Module } from '@nestjs/common';
import { EmailProcessor } from './email.processor';
import { MailQueue } from './mail.queue';
import { MailService } from './mail.service';

@Global()
@Module({})
export class MailModule {
  /** The processor runs only where the role includes workers. */
  static forRole(runWorkers: boolean): DynamicModule {
    return {
      module: MailModule,
      providers: [MailService, MailQueue, ...(runWorkers ? [EmailProcessor] : [])],
      exports: [MailQueue, MailService],
    };
  }
}
