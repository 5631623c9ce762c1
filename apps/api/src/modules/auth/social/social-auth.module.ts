import { Module } from '@nestjs/common';
import { UsersModule } from '../../users/users.module';
import { SocialAuthController } from './social-auth.controller';
import { SocialAuthService } from './social-auth.service';

@Module({ imports: [UsersModule], controllers: [SocialAuthController], providers: [SocialAuthService] })
export class SocialAuthModule {}
