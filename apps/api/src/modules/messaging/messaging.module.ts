import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { MessageAttachmentsService } from './message-attachments.service';
import { MessageRateLimiter, MessageRateLimitGuard } from './message-rate-limit';
import { MessagingGateway } from './messaging.gateway';
import { MessagingRepository } from './messaging.repository';
import { MessagingService } from './messaging.service';
import { ThreadParticipantGuard } from './thread-participant.guard';
import { ThreadsController } from './threads.controller';

/** Threads, messages and their attachments over HTTP, and the realtime gateway (socket.io). */
@Module({
  imports: [NotificationsModule, UsersModule, ListingsModule],
  controllers: [ThreadsController],
  providers: [MessagingService, MessagingRepository, MessageAttachmentsService, MessageRateLimiter, MessageRateLimitGuard, MessagingGateway, ThreadParticipantGuard],
})
export class MessagingModule {}
