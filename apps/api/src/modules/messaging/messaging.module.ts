import { forwardRef, Module } from '@nestjs/common';
import { LISTING_INQUIRIES_COUNTER } from '../listings/listing-inquiries-counter';
import { ListingsModule } from '../listings/listings.module';
import { UsersModule } from '../users/users.module';
import { MessageAttachmentsService } from './message-attachments.service';
import { MessageRateLimiter, MessageRateLimitGuard } from './message-rate-limit';
import { MessagingGateway } from './messaging.gateway';
import { MessagingRepository } from './messaging.repository';
import { MessagingService } from './messaging.service';
import { ThreadParticipantGuard } from './thread-participant.guard';
import { ThreadsController } from './threads.controller';

/**
 * Threads, messages and their attachments over HTTP, and the realtime gateway (socket.io). It asks
 * ListingsService about listings; ListingsService asks it (through LISTING_INQUIRIES_COUNTER) how many
 * inquiries a member's listings had: a module cycle, hence forwardRef.
 */
@Module({
  imports: [UsersModule, forwardRef(() => ListingsModule)],
  controllers: [ThreadsController],
  providers: [
    MessagingService,
    MessagingRepository,
    MessageAttachmentsService,
    MessageRateLimiter,
    MessageRateLimitGuard,
    MessagingGateway,
    ThreadParticipantGuard,
    { provide: LISTING_INQUIRIES_COUNTER, useExisting: MessagingService },
  ],
  exports: [LISTING_INQUIRIES_COUNTER, MessagingService],
})
export class MessagingModule {}
