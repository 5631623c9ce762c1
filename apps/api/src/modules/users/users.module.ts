import { Module } from '@nestjs/common';
import { AuthThrottleService } from '../../common/rate-limit/auth-throttle.service';
import { AvatarService } from './avatar.service';
import { SocialAccountsService } from './social-accounts.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, AvatarService, AuthThrottleService, SocialAccountsService],
  exports: [UsersService, SocialAccountsService],
})
export class UsersModule {}
