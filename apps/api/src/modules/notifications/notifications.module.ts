import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NotificationsSubscriber } from './notifications.subscriber';

/** In-app notifications from events (NotificationsSubscriber), their routes and the e-mail choices per kind. */
@Module({
  imports: [UsersModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationsRepository, NotificationsSubscriber],
  exports: [NotificationsService],
})
export class NotificationsModule {}
