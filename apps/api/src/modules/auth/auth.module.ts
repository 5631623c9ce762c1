import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { AuthGuard } from './auth.guard';
import { AuthTokensService } from './auth-tokens.service';
import { SessionsRepository } from './sessions.repository';

/** Sessions, bearer tokens and the global deny-by-default guard. */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.auth.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionsRepository, AuthTokensService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthTokensService],
})
export class AuthModule {}
