import { Controller, Get, Next, Param, Req, Res, Inject } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { Profile } from 'passport';
import { SOCIAL_PROVIDERS } from '@app/domain';
import { Public } from '../../../common/auth/decorators';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { UsersService } from '../../users/users.service';
import { SocialAuthService } from './social-auth.service';

class AuthProvidersDto {
  @ApiProperty({ enum: SOCIAL_PROVIDERS, isArray: true }) providers!: string[];
}

/** Social sign-in: /auth/{provider}/login starts it; the callback hands the token to the web app. */
@ApiTags('auth')
@Controller('auth')
export class SocialAuthController {
  constructor(
    private readonly social: SocialAuthService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('providers')
  @ApiOkResponse({ type: AuthProvidersDto })
  listAuthProviders(): AuthProvidersDto {
    return { providers: this.social.providers() };
  }

  @Public()
  @Get(':provider/login')
  @ApiExcludeEndpoint() // a browser navigation, not an API call
  startSocialLogin(@Param('provider') name: string, @Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const provider = this.social.assertEnabled(name);
    this.social.passport.authenticate(provider, { session: false, scope: this.social.scope(provider) })(req, res, next);
  }

  @Public()
  @Get(':provider/callback')
  @ApiExcludeEndpoint()
  finishSocialLogin(@Param('provider') name: string, @Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const provider = this.social.assertEnabled(name);
    const fail = (message: string) =>
      res.redirect(`${this.config.appUrl}/login?error=${encodeURIComponent(message)}`);
    this.social.passport.authenticate(
      provider,
      { session: false },
      (err: Error | null, profile: Profile | false, info?: { message?: string }) => {
        if (err || !profile) return fail(info?.message ?? `Sign-in with ${provider} did not complete; try again`);
        this.users
          .socialSignIn(this.social.toSocialProfile(provider, profile), {
            ip: req.ip ?? 'unknown',
            userAgent: req.headers['user-agent'],
          })
          .then(
            ({ token }) => res.redirect(`${this.config.appUrl}/auth/callback#token=${encodeURIComponent(token)}`),
            (e: Error) => fail(e.message),
          );
      },
    )(req, res, next);
  }
}
