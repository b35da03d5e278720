import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ACCOUNTS_SUBJECTS,
  GatewayErrorCode,
  recoverBodySchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  verifyLinkQuerySchema,
  type AuthSession,
  type AuthUser,
  type CallerContext,
  type ProfileResponse,
  type RecoverBody,
  type SignupBody,
  type UpdateProfileBody,
  type UpdateUserBody,
  type SignupResponse,
  type VerifyLinkQuery,
} from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';
import { AuthGuard } from '../../auth/auth.guard';
import { Caller } from '../../auth/caller.decorator';
import { IpRateLimitGuard } from '../../auth/ip-rate-limiter.guard';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { SignupInput, TokenGrantInput, type TokenGrant } from './auth-input';
import { clientOf, publicOrigin } from '../pipeline/public-origin';
import { ValidBody, ValidQueryOrNull } from '../pipeline/valid-input';

/** The session accounts-svc acts for: what the access token proved, nothing the client claims. */
const sessionOf = (caller: Caller): CallerContext => ({ userId: caller.userId, sessionId: caller.sessionId });

/**
 * `/api/auth/*` and `/api/profile`: validated here, carried out by accounts-svc. Sign-up and the token grants
 * take their input through decorators of their own (auth-input.ts): which schema applies depends on the grant
 * type, and missing credentials answer the auth server's own message before any field rule.
 */
@Controller('api')
export class AuthHttpController {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  @Post('auth/signup')
  @HttpCode(200)
  @UseGuards(IpRateLimitGuard)
  signup(@SignupInput() body: SignupBody, @Req() req: Request): Promise<SignupResponse> {
    return this.bus.request(ACCOUNTS_SUBJECTS.signup, { client: clientOf(req, this.config), body });
  }

  @Post('auth/token')
  @HttpCode(200)
  @UseGuards(IpRateLimitGuard)
  token(@TokenGrantInput() grant: TokenGrant, @Req() req: Request): Promise<AuthSession> {
    switch (grant.grantType) {
      case 'password':
        // Failed sign-ins slow down this client address only (accounts-svc counts them per e-mail and address).
        return this.bus.request(ACCOUNTS_SUBJECTS.passwordGrant, { client: { ip: req.ip ?? 'unknown' }, body: grant.body });
      case 'refresh_token':
        return this.bus.request(ACCOUNTS_SUBJECTS.refreshGrant, grant.body);
      case 'id_token':
        return this.bus.request(ACCOUNTS_SUBJECTS.idTokenGrant, grant.body);
    }
  }

  @Post('auth/logout')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  async logout(@Caller() caller: Caller): Promise<void> {
    await this.bus.request(ACCOUNTS_SUBJECTS.logout, { caller: sessionOf(caller) });
  }

  @Post('auth/recover')
  @HttpCode(200)
  @UseGuards(IpRateLimitGuard)
  recover(@ValidBody(recoverBodySchema) body: RecoverBody, @Req() req: Request): Promise<Record<string, never>> {
    return this.bus.request(ACCOUNTS_SUBJECTS.recover, { client: clientOf(req, this.config), body });
  }

  /** The link in recovery and confirmation mails: spends it, then hands the session to the page in the fragment. */
  @Get('auth/verify')
  async verify(
    @ValidQueryOrNull(verifyLinkQuerySchema) link: VerifyLinkQuery | null,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const origin = publicOrigin(req, this.config);
    const page = link?.type === 'signup' ? '/' : '/reset-password';
    try {
      if (!link) throw new DomainException(GatewayErrorCode.InvalidLink, 'Email link is invalid or has expired');
      const session = await this.bus.request(ACCOUNTS_SUBJECTS.verifyLink, link);
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        expires_in: String(session.expires_in),
        expires_at: String(session.expires_at),
        token_type: 'bearer',
        type: link.type,
      });
      res.redirect(303, `${origin}${page}#${fragment}`);
    } catch (error) {
      if (!(error instanceof DomainException)) throw error;
      const fragment = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message });
      res.redirect(303, `${origin}${page}#${fragment}`);
    }
  }

  @Get('auth/user')
  @UseGuards(AuthGuard)
  getUser(@Caller() caller: Caller): Promise<AuthUser> {
    return this.bus.request(ACCOUNTS_SUBJECTS.getUser, { caller: sessionOf(caller) });
  }

  @Put('auth/user')
  @UseGuards(AuthGuard)
  updateUser(@Caller() caller: Caller, @ValidBody(updateUserBodySchema) body: UpdateUserBody): Promise<AuthUser> {
    return this.bus.request(ACCOUNTS_SUBJECTS.updateUser, { caller: sessionOf(caller), body });
  }

  @Delete('auth/user')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  async deleteUser(@Caller() caller: Caller): Promise<void> {
    await this.bus.request(ACCOUNTS_SUBJECTS.deleteUser, { caller: sessionOf(caller) });
  }

  @Get('profile')
  @UseGuards(AuthGuard)
  profile(@Caller() caller: Caller): Promise<ProfileResponse> {
    return this.bus.request(ACCOUNTS_SUBJECTS.getProfile, { caller: sessionOf(caller) });
  }

  @Patch('profile')
  @UseGuards(AuthGuard)
  updateProfile(@Caller() caller: Caller, @ValidBody(updateProfileBodySchema) body: UpdateProfileBody): Promise<ProfileResponse> {
    return this.bus.request(ACCOUNTS_SUBJECTS.updateProfile, { caller: sessionOf(caller), body });
  }
}
