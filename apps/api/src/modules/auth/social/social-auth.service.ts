import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type Redis from 'ioredis';
import { Passport, type Profile } from 'passport';
import { Strategy as FacebookStrategy, type StrategyOptions as FacebookOptions } from 'passport-facebook';
import { Strategy as GoogleStrategy, type StrategyOptions as GoogleOptions } from 'passport-google-oauth20';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { REDIS } from '../../../common/redis/redis.module';
import { RedisOAuthStateStore } from './oauth-state.store';

export interface SocialProfile {
  provider: SocialProvider;
  providerId: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
}

const SCOPES: Record<SocialProvider, string[]> = { google: ['profile', 'email'], facebook: ['email'] };
const LABELS: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** Passport strategies for the social providers that are configured; others answer 404. */
@Injectable()
export class SocialAuthService {
  readonly passport = new Passport();
  private readonly enabled: SocialProvider[] = [];

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS) redis: Redis) {
    const verify = (_a: string, _r: string, profile: Profile, done: (e: null, p: Profile) => void) => done(null, profile);
    const google = config.oauth.google;
    if (google) {
      this.passport.use(
        'google',
        new GoogleStrategy(
          {
            clientID: google.clientId,
            clientSecret: google.clientSecret,
            callbackURL: `${config.appUrl}/api/auth/google/callback`,
            authorizationURL: google.authorizationURL,
            tokenURL: google.tokenURL,
            userProfileURL: google.profileURL,
            store: new RedisOAuthStateStore(redis, 'google'),
          } as unknown as GoogleOptions,
          verify,
        ),
      );
      this.enabled.push('google');
    }
    const facebook = config.oauth.facebook;
    if (facebook) {
      this.passport.use(
        'facebook',
        new FacebookStrategy(
          {
            clientID: facebook.clientId,
            clientSecret: facebook.clientSecret,
            callbackURL: `${config.appUrl}/api/auth/facebook/callback`,
            profileFields: ['id', 'emails', 'name', 'photos'],
            authorizationURL: facebook.authorizationURL,
            tokenURL: facebook.tokenURL,
            profileURL: facebook.profileURL,
            store: new RedisOAuthStateStore(redis, 'facebook'),
          } as unknown as FacebookOptions,
          verify,
        ),
      );
      this.enabled.push('facebook');
    }
  }

  providers(): SocialProvider[] {
    return [...this.enabled];
  }

  /** The provider name when it is known and configured; otherwise a 404 that says why. */
  assertEnabled(provider: string): SocialProvider {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) {
      throw new NotFoundException(`Unknown sign-in provider '${provider}'; use google or facebook`);
    }
    const p = provider as SocialProvider;
    if (!this.enabled.includes(p)) throw new NotFoundException(`${LABELS[p]} sign-in is not configured on this server`);
    return p;
  }

  scope(provider: SocialProvider): string[] {
    return SCOPES[provider];
  }

  toSocialProfile(provider: SocialProvider, profile: Profile): SocialProfile {
    return {
      provider,
      providerId: profile.id,
      email: profile.emails?.[0]?.value,
      firstName: profile.name?.givenName,
      lastName: profile.name?.familyName,
      avatar: profile.photos?.[0]?.value,
    };
  }
}
