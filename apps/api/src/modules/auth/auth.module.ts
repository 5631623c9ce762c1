import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
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
      useFactory: (config: AppConfig) => {
        // A KeyObject, made once: given the secret as a string, jsonwebtoken first tries to parse it as a
        // PEM public key on every verify and catches the failure (a quarter of a report request's CPU,
        // bench/market-reports.mjs profile, docs/benchmarks.md). Only HS256 is signed and accepted.
        const key = createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8'));
        return { secretOrKeyProvider: () => key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } };
      },
    }),
  ],
  providers: [SessionsRepository, AuthTokensService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthTokensService],
})
export class AuthModule {}
