import { Module } from '@nestjs/common';
import { AuthThrottleService } from '../../common/rate-limit/auth-throttle.service';
import { PasswordHasher } from '../../common/security/password-hasher';
import { AccountRemovalSteps } from './account-removal-steps';
import { AccountRequestProcessor } from './account-request.processor';
import { AccountRequestQueue } from './account-request.queue';
import { AvatarService } from './avatar.service';
import { SocialAccountsService } from './social-accounts.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, AccountRemovalSteps, AvatarService, AuthThrottleService, PasswordHasher, AccountRequestQueue, SocialAccountsService],
  exports: [UsersService, SocialAccountsService, PasswordHasher, AccountRemovalSteps],
})
export class UsersModule {}

/** The account-request processor; imported only where the role includes workers. */
@Module({ imports: [UsersModule], providers: [AccountRequestProcessor] })
export class UsersWorkerModule {}
