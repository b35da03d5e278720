import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  type AuthSession,
  type AuthUser,
  type ClientInfo,
  type PasswordGrantBody,
  type SignupBody,
  type SignupResponse,
  type SocialProvider,
} from '@lt/contracts';
import { ACCOUNTS_ENV, type AccountsConfig } from '../accounts.config';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ProfilesService } from '../profiles/profiles.service';
import { SessionsService, toAuthUser } from '../sessions/sessions.service';
import { IdTokenVerifier } from '../social/id-token.verifier';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { LinksService } from '../recovery/links.service';
import { hashPassword, verifyPassword } from './passwords';
import { SignInThrottle } from './sign-in-throttle';

const invalidCredentials = () => new AccountsException(AccountsErrorCode.InvalidCredentials, AUTH_MESSAGES.invalidCredentials);

/** Sign-up, the sign-in grants and sign-out. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesService,
    private readonly sessions: SessionsService,
    private readonly links: LinksService,
    private readonly idTokens: IdTokenVerifier,
    private readonly throttle: SignInThrottle,
    @Inject(ACCOUNTS_ENV) private readonly config: AccountsConfig,
  ) {}

  async signup(body: SignupBody, client: ClientInfo): Promise<SignupResponse> {
    if (await this.users.findByEmail(body.email)) {
      throw new AccountsException(AccountsErrorCode.UserAlreadyExists, AUTH_MESSAGES.alreadyRegistered);
    }
    const now = new Date();
    const user: UserEntity = {
      id: crypto.randomUUID(),
      email: body.email,
      passwordHash: await hashPassword(body.password),
      name: body.name?.trim() || body.email.split('@')[0],
      emailConfirmedAt: this.config.AUTH_CONFIRM_EMAIL ? null : now,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.users.createWithProfile(user, this.profiles.newProfile(user));
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new AccountsException(AccountsErrorCode.UserAlreadyExists, AUTH_MESSAGES.alreadyRegistered);
      }
      throw error;
    }
    if (this.config.AUTH_CONFIRM_EMAIL) {
      await this.links.sendConfirmation(user, client.origin);
      return { user: toAuthUser(user), session: null };
    }
    return { user: toAuthUser(user), session: await this.sessions.start(user) };
  }

  /**
   * Unknown e-mail and wrong password answer alike. Failures slow down the (e-mail, client address) pair
   * they come from, exponentially past a few (see SignInThrottle), never the same e-mail from elsewhere.
   */
  async passwordGrant(body: PasswordGrantBody, client: Pick<ClientInfo, 'ip'>): Promise<AuthSession> {
    const wait = await this.throttle.admit(body.email, client.ip);
    if (wait !== null) throw new AccountsException(AccountsErrorCode.TooManyAttempts, AUTH_MESSAGES.tooManyAttempts, wait);
    const user = await this.users.findByEmail(body.email);
    if (!(await verifyPassword(user?.passwordHash ?? null, body.password)) || !user) {
      if (Math.random() < 0.01) void this.throttle.prune().catch(() => undefined);
      throw invalidCredentials();
    }
    await this.throttle.succeeded(body.email, client.ip);
    if (!user.emailConfirmedAt) throw new AccountsException(AccountsErrorCode.EmailNotConfirmed, AUTH_MESSAGES.emailNotConfirmed);
    return this.sessions.start(user);
  }

  refreshGrant(refreshToken: string): Promise<AuthSession> {
    return this.sessions.refresh(refreshToken);
  }

  /** Google / Apple through Keycloak: the user of that identity, else of that verified e-mail, else a new one. */
  async idTokenGrant(provider: SocialProvider, idToken: string): Promise<AuthSession> {
    const identity = await this.idTokens.verify(idToken);
    let user = await this.users.findByIdentity(provider, identity.subject);
    if (!user) {
      user = await this.users.findByEmail(identity.email);
      if (user) {
        await this.users.linkIdentity(user.id, provider, identity.subject);
        if (!user.emailConfirmedAt) await this.users.update(user.id, { emailConfirmedAt: new Date() });
      } else {
        const now = new Date();
        user = {
          id: crypto.randomUUID(),
          email: identity.email,
          passwordHash: null,
          name: identity.name?.trim() || identity.email.split('@')[0],
          emailConfirmedAt: now,
          createdAt: now,
          updatedAt: now,
        };
        await this.users.createWithProfile(user, this.profiles.newProfile(user), {
          id: crypto.randomUUID(),
          provider,
          subject: identity.subject,
          createdAt: now,
        });
        this.logger.log(`new user through ${provider}`);
      }
    }
    return this.sessions.start(user);
  }

  async logout(userId: string, sessionId: string): Promise<void> {
    await this.sessions.revoke(userId, sessionId, 'logout');
  }

  async currentUser(sessionId: string): Promise<UserEntity> {
    const userId = await this.sessions.requireActive(sessionId);
    const user = await this.users.findById(userId);
    if (!user) throw new AccountsException(AccountsErrorCode.NotAuthenticated, AUTH_MESSAGES.noUser);
    return user;
  }

  async getUser(sessionId: string): Promise<AuthUser> {
    return toAuthUser(await this.currentUser(sessionId));
  }
}
