import { Module } from '@nestjs/common';
import { LoginThrottleService } from '../../common/rate-limit/login-throttle.service';
import { AvatarService } from './avatar.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, AvatarService, LoginThrottleService],
  exports: [UsersService],
})
export class UsersModule {}
