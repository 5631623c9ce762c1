import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpException, Inject, Logger, Next, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { Profile } from 'passport';
import { SOCIAL_PROVIDERS } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Public } from '../../../common/auth/decorators';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/common.dto';
import { IdentitiesDto } from '../../users/dto/social-account.dto';
import { AuthResponseDto } from '../../users/dto/user-output.dto';
import { SocialAccountsService } from '../../users/social-accounts.service';
import type { RequestMeta } from '../../users/users.service';
import { CONNECT_STATE_PREFIX, newNonce, sha256, STATE_COOKIE } from './oauth-state.store';
import { SignInCodeStore } from './sign-in-code.store';
import { AuthProvidersDto, ConnectUrlDto, ExchangeCodeDto } from './social-auth.dto';
import { SocialAuthService } from './social-auth.service';

const meta = (req: Request): RequestMeta => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });
const INVALID_CODE = 'This sign-in code is invalid, expired or already used; sign in again';

/**
 * Social sign-in. `/auth/{provider}/login` (a navigation) starts it and binds it to the browser with a
 * cookie; the callback checks that cookie, then hands the web app a single-use code (never a token),
 * which `POST /auth/exchange` turns into a session. A signed-in member connects a provider with
 * `POST /auth/{provider}/connect` and manages them with `/auth/identities`.
 */
@ApiTags('auth')
@Controller('auth')
export class SocialAuthController {
  private readonly logger = new Logger(SocialAuthController.name);

  constructor(
    private readonly social: SocialAuthService,
    private readonly accounts: SocialAccountsService,
    private readonly codes: SignInCodeStore,
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
  async startSocialLogin(@Param('provider') name: string, @Res() res: Response): Promise<void> {
    const provider = this.social.assertEnabled(name);
    const nonce = newNonce();
    const url = await this.social.authorizationUrl(provider, { nonceHash: sha256(nonce) });
    res.cookie(STATE_COOKIE, nonce, this.social.stateCookieOptions(provider));
    res.redirect(url);
  }

  @Post(':provider/connect')
  @HttpCode(200)
  @ApiParam({ name: 'provider', enum: SOCIAL_PROVIDERS })
  @ApiOkResponse({
    type: ConnectUrlDto,
    description: "Also sets the browser-binding cookie; navigate to `url`. The callback lands on /settings?tab=connections with `connected` or `error`.",
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown or unconfigured provider' })
  async connectProvider(
    @CurrentUser() caller: AuthUser,
    @Param('provider') name: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConnectUrlDto> {
    const provider = this.social.assertEnabled(name);
    const nonce = newNonce();
    const url = await this.social.authorizationUrl(provider, { nonceHash: sha256(nonce), userId: caller.id });
    res.cookie(STATE_COOKIE, nonce, this.social.stateCookieOptions(provider));
    return { url };
  }

  @Public()
  @Get(':provider/callback')
  @ApiExcludeEndpoint()
  finishSocialLogin(@Param('provider') name: string, @Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const provider = this.social.assertEnabled(name);
    // the cookie serves one callback, whatever its outcome
    const { maxAge: _maxAge, ...cookieOptions } = this.social.stateCookieOptions(provider);
    res.clearCookie(STATE_COOKIE, cookieOptions);
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const connecting = state.startsWith(CONNECT_STATE_PREFIX);
    const fail = (message: string) =>
      res.redirect(
        connecting
          ? `${this.config.appUrl}/settings?tab=connections&error=${encodeURIComponent(message)}`
          : `${this.config.appUrl}/login?error=${encodeURIComponent(message)}`,
      );
    const failWith = (e: unknown) => {
      if (e instanceof HttpException) return fail(e.message);
      this.logger.error(e);
      fail(`Sign-in with ${this.social.label(provider)} did not complete; try again`);
    };
    this.social.passport.authenticate(
      provider,
      { session: false },
      (err: Error | null, profile: Profile | false, info?: { message?: string; state?: { userId?: string } }) => {
        if (err || !profile) {
          if (err) this.logger.warn(`${provider} sign-in failed: ${err.message}`);
          return fail(info?.message ?? `Sign-in with ${this.social.label(provider)} did not complete; try again`);
        }
        const social = this.social.toSocialProfile(provider, profile);
        const userId = info?.state?.userId;
        if (userId) {
          this.accounts.connect(userId, social).then(
            () => res.redirect(`${this.config.appUrl}/settings?tab=connections&connected=${provider}`),
            failWith,
          );
        } else {
          this.accounts
            .signIn(social)
            .then((user) => this.codes.issue(user.id))
            .then((code) => res.redirect(`${this.config.appUrl}/auth/callback#code=${encodeURIComponent(code)}`), failWith);
        }
      },
    )(req, res, next);
  }

  @Public()
  @Post('exchange')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDto, description: 'The session, as a login answers it' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The code is unknown, expired (after a minute) or already used' })
  async exchangeSignInCode(@Body() dto: ExchangeCodeDto, @Req() req: Request): Promise<AuthResponseDto> {
    const userId = await this.codes.redeem(dto.code);
    if (!userId) throw new BadRequestException(INVALID_CODE);
    return this.accounts.startSession(userId, meta(req));
  }

  @Get('identities')
  @ApiOkResponse({ type: IdentitiesDto })
  listIdentities(@CurrentUser() caller: AuthUser): Promise<IdentitiesDto> {
    return this.accounts.listIdentities(caller.id);
  }

  @Delete('identities/:provider')
  @ApiParam({ name: 'provider', enum: SOCIAL_PROVIDERS })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The account is not connected to that provider' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'It is the last way to log in (no password, no other provider)' })
  disconnectIdentity(@CurrentUser() caller: AuthUser, @Param('provider') provider: string): Promise<{ message: string }> {
    return this.accounts.disconnect(caller.id, provider);
  }
}
