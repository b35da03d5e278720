import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  ACCOUNTS_SUBJECTS,
  AUTH_MESSAGES,
  credentialsPresent,
  grantTypeSchema,
  idTokenGrantBodySchema,
  passwordGrantBodySchema,
  recoverBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  updateUserBodySchema,
  type AuthSession,
  type AuthUser,
  type CallerRequest,
  type ProfileResponse,
  type SignupResponse,
  type VerifyLinkRequest,
} from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';
import { AccessTokens } from '../auth/access-tokens';
import { IpRateLimiter } from '../auth/ip-rate-limiter';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { publicOrigin } from './public-origin';

const verifyQuerySchema = z.object({ token: z.string().min(20).max(200), type: z.enum(['recovery', 'signup']) });

function requireCredentials(body: unknown): void {
  if (!credentialsPresent(body)) throw new DomainException('validation_failed', AUTH_MESSAGES.missingCredentials);
}

/** `/api/auth/*` and `/api/profile`: validated here, carried out by accounts-svc. */
@Controller('api')
export class AuthHttpController {
  constructor(
    private readonly bus: Bus,
    private readonly tokens: AccessTokens,
    private readonly limiter: IpRateLimiter,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  @Post('auth/signup')
  @HttpCode(200)
  signup(@Body() body: unknown, @Req() req: Request): Promise<SignupResponse> {
    this.limiter.take(req.ip ?? 'unknown');
    requireCredentials(body);
    return this.bus.request(ACCOUNTS_SUBJECTS.signup, {
      client: { ip: req.ip, origin: publicOrigin(req, this.config) },
      body: signupBodySchema.parse(body),
    });
  }

  @Post('auth/token')
  @HttpCode(200)
  token(@Query('grant_type') grantType: unknown, @Body() body: unknown, @Req() req: Request): Promise<AuthSession> {
    this.limiter.take(req.ip ?? 'unknown');
    switch (grantTypeSchema.parse(grantType)) {
      case 'password':
        requireCredentials(body);
        return this.bus.request(ACCOUNTS_SUBJECTS.passwordGrant, passwordGrantBodySchema.parse(body));
      case 'refresh_token':
        return this.bus.request(ACCOUNTS_SUBJECTS.refreshGrant, refreshGrantBodySchema.parse(body));
      case 'id_token':
        return this.bus.request(ACCOUNTS_SUBJECTS.idTokenGrant, idTokenGrantBodySchema.parse(body));
    }
  }

  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Headers('authorization') authorization?: string): Promise<void> {
    await this.asCaller(ACCOUNTS_SUBJECTS.logout, authorization, undefined);
  }

  @Post('auth/recover')
  @HttpCode(200)
  recover(@Body() body: unknown, @Req() req: Request): Promise<Record<string, never>> {
    this.limiter.take(req.ip ?? 'unknown');
    return this.bus.request(ACCOUNTS_SUBJECTS.recover, {
      client: { ip: req.ip, origin: publicOrigin(req, this.config) },
      body: recoverBodySchema.parse(body),
    });
  }

  /** The link in recovery and confirmation mails: spends it, then hands the session to the page in the fragment. */
  @Get('auth/verify')
  async verify(@Query() query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const origin = publicOrigin(req, this.config);
    const parsed = verifyQuerySchema.safeParse(query);
    const page = parsed.success && parsed.data.type === 'signup' ? '/' : '/reset-password';
    try {
      if (!parsed.success) throw new DomainException('otp_expired', 'Email link is invalid or has expired');
      const session = await this.bus.request<AuthSession, VerifyLinkRequest>(ACCOUNTS_SUBJECTS.verifyLink, parsed.data);
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        expires_in: String(session.expires_in),
        expires_at: String(session.expires_at),
        token_type: 'bearer',
        type: parsed.data.type,
      });
      res.redirect(303, `${origin}${page}#${fragment}`);
    } catch (error) {
      if (!(error instanceof DomainException)) throw error;
      const fragment = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message });
      res.redirect(303, `${origin}${page}#${fragment}`);
    }
  }

  @Get('auth/user')
  getUser(@Headers('authorization') authorization?: string): Promise<AuthUser> {
    return this.asCaller(ACCOUNTS_SUBJECTS.getUser, authorization, undefined);
  }

  @Put('auth/user')
  updateUser(@Body() body: unknown, @Headers('authorization') authorization?: string): Promise<AuthUser> {
    return this.asCaller(ACCOUNTS_SUBJECTS.updateUser, authorization, updateUserBodySchema.parse(body));
  }

  @Delete('auth/user')
  @HttpCode(204)
  async deleteUser(@Headers('authorization') authorization?: string): Promise<void> {
    await this.asCaller(ACCOUNTS_SUBJECTS.deleteUser, authorization, undefined);
  }

  @Get('profile')
  profile(@Headers('authorization') authorization?: string): Promise<ProfileResponse> {
    return this.asCaller(ACCOUNTS_SUBJECTS.getProfile, authorization, undefined);
  }

  private async asCaller<Res, T>(subject: string, authorization: string | undefined, body: T): Promise<Res> {
    const caller = await this.tokens.fromHeader(authorization);
    return this.bus.request<Res, CallerRequest<T>>(subject, { caller: { userId: caller.userId, sessionId: caller.sessionId }, body });
  }
}
