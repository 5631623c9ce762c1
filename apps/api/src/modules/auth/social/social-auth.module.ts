import { Module } from '@nestjs/common';
import { UsersModule } from '../../users/users.module';
import { SocialAuthController } from './social-auth.controller';
import { SignInCodeStore } from './sign-in-code.store';
import { SocialAuthService } from './social-auth.service';

@Module({ imports: [UsersModule], controllers: [SocialAuthController], providers: [SocialAuthService, SignInCodeStore] })
export class SocialAuthModule {}
