import { Injectable, Logger } from '@nestjs/common';
import type { AuthSession } from '@lt/contracts';
import { newSecret, sha256 } from '@lt/platform';
import { AUTH_TIMES } from '../accounts.config';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { Mailer } from './mailer';
import type { VerificationPurpose } from './verification-token.entity';
import { VerificationsRepository } from './verifications.repository';

/** Single-use links sent by e-mail: password recovery (1 hour) and e-mail confirmation. */
@Injectable()
export class LinksService {
  private readonly logger = new Logger('Links');

  constructor(
    private readonly tokens: VerificationsRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Always answers the same, whether the address exists or not, and sends at most one mail per address a
   * minute. The mail goes out after the answer, so its time does not tell either.
   */
  async recover(email: string, origin: string): Promise<Record<string, never>> {
    const user = await this.users.findByEmail(email);
    if (!user) return {};
    const last = await this.tokens.latest(user.id, 'recovery');
    if (last && Date.now() - last.createdAt.getTime() < AUTH_TIMES.recoveryMailIntervalMs) return {};
    const link = await this.newLink(user, 'recovery', AUTH_TIMES.recoveryLinkMs, origin);
    void this.mailer
      .send({
        to: user.email,
        subject: 'Restablece tu contraseña / Reset your password',
        text:
          `Hola ${user.name},\n\nPara elegir una nueva contraseña abre este enlace (válido durante 1 hora, un solo uso):\n${link}\n\n` +
          `To choose a new password open the link above (valid for 1 hour, single use).\n\n` +
          `Si no lo pediste, ignora este mensaje. / If you did not ask for it, ignore this message.\n`,
      })
      .catch((e) => this.logger.error(`recovery mail to ${user.email} failed: ${(e as Error).message}`));
    return {};
  }

  async sendConfirmation(user: UserEntity, origin: string): Promise<void> {
    const link = await this.newLink(user, 'signup', AUTH_TIMES.signupLinkMs, origin);
    await this.mailer.send({
      to: user.email,
      subject: 'Confirma tu email / Confirm your e-mail',
      text: `Hola ${user.name},\n\nConfirma tu email con este enlace / Confirm your e-mail with this link:\n${link}\n`,
    });
  }

  /** Spends a link: recovery answers a session for setting the new password; signup confirms the e-mail. */
  async verify(token: string, purpose: VerificationPurpose): Promise<AuthSession> {
    const spent = await this.tokens.consume(sha256(token), purpose);
    if (!spent) throw new AccountsException(AccountsErrorCode.InvalidLink, 'Email link is invalid or has expired');
    const user = await this.users.findById(spent.userId);
    if (!user) throw new AccountsException(AccountsErrorCode.InvalidLink, 'Email link is invalid or has expired');
    if (!user.emailConfirmedAt) await this.users.update(user.id, { emailConfirmedAt: new Date() });
    return this.sessions.start(user);
  }

  private async newLink(user: UserEntity, purpose: VerificationPurpose, lifetimeMs: number, origin: string): Promise<string> {
    const token = newSecret();
    const now = new Date();
    await this.tokens.create({
      id: crypto.randomUUID(),
      userId: user.id,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + lifetimeMs),
      usedAt: null,
      createdAt: now,
    });
    return `${origin.replace(/\/+$/, '')}/api/auth/verify?token=${token}&type=${purpose}`;
  }
}
