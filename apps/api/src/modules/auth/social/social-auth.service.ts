import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { CookieOptions } from 'express';
import type Redis from 'ioredis';
import { Passport, type Profile } from 'passport';
import { Strategy as FacebookStrategy, type StrategyOptions as FacebookOptions } from 'passport-facebook';
import { Strategy as GoogleStrategy, type StrategyOptions as GoogleOptions } from 'passport-google-oauth20';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { REDIS } from '../../../common/redis/redis.module';
import { PROVIDER_LABELS as LABELS, type SocialProfile } from '../../users/social-accounts.service';
import { OAUTH_BINDING, RedisOAuthStateStore, STATE_TTL_SECONDS, type OAuthBinding } from './oauth-state.store';

const SCOPES: Record<SocialProvider, string[]> = { google: ['profile', 'email'], facebook: ['email'] };

/** Passport strategies for the social providers that are configured; others answer 404. */
@Injectable()
export class SocialAuthService {
  readonly passport = new Passport();
  private readonly enabled: SocialProvider[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, @Inject(REDIS) redis: Redis) {
    const verify = (_a: string, _r: string, profile: Profile, done: (e: null, p: Profile) => void) => done(null, profile);
    const google = config.oauth.google;
    if (google) {
      this.passport.use(
        'google',
        new GoogleStrategy(
          {
            clientID: google.clientId,
            clientSecret: google.clientSecret,
            callbackURL: this.callbackUrl('google'),
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
            callbackURL: this.callbackUrl('facebook'),
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

  label(provider: SocialProvider): string {
    return LABELS[provider];
  }

  callbackUrl(provider: SocialProvider): string {
    return `${this.config.appUrl}/api/auth/${provider}/callback`;
  }

  /**
   * The provider's authorization URL for a new flow bound to `binding` (its state is stored in Redis).
   * Passport writes its redirect to a response; this one only records where it points.
   */
  authorizationUrl(provider: SocialProvider, binding: OAuthBinding): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = { query: {}, body: {}, headers: {}, [OAUTH_BINDING]: binding };
      let location: string | undefined;
      const res = {
        statusCode: 200,
        setHeader(name: string, value: string) {
          if (name.toLowerCase() === 'location') location = value;
        },
        end() {
          if (location) resolve(location);
          else reject(new Error(`The ${provider} strategy did not redirect`));
        },
      };
      this.passport.authenticate(provider, { session: false, scope: SCOPES[provider] }, (err: Error | null) =>
        reject(err ?? new Error(`The ${provider} strategy did not redirect`)),
      )(req, res, reject);
    });
  }

  /** Options of the browser-binding cookie: only the callback reads it, for ten minutes at most. */
  stateCookieOptions(provider: SocialProvider): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.appUrl.startsWith('https:'),
      path: new URL(this.callbackUrl(provider)).pathname,
      maxAge: STATE_TTL_SECONDS * 1000,
    };
  }

  toSocialProfile(provider: SocialProvider, profile: Profile): SocialProfile {
    const email = profile.emails?.[0] as { value?: string; verified?: unknown } | undefined;
    return {
      provider,
      providerId: profile.id,
      email: email?.value,
      // Google's userinfo asserts `email_verified`; Facebook asserts nothing, which counts as unverified
      emailVerified: provider === 'google' && (email?.verified === true || email?.verified === 'true'),
      firstName: profile.name?.givenName,
      lastName: profile.name?.familyName,
      avatar: profile.photos?.[0]?.value,
    };
  }
}
