import { Injectable } from '@nestjs/common';
import type { AuthUser, ProfileResponse, UpdateUserBody } from '@lt/contracts';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ProfilesService, toProfileResponse } from '../profiles/profiles.service';
import { SessionsService, toAuthUser } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';
import { AuthService } from './auth.service';
import { hashPassword } from './passwords';

/** What a signed-in user does with their own account: read, change, delete it, and read the profile. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly profiles: ProfilesService,
  ) {}

  /** A new password ends every other session of the user; this one stays. */
  async update(sessionId: string, body: UpdateUserBody): Promise<AuthUser> {
    const user = await this.auth.currentUser(sessionId);
    if (body.email && body.email !== user.email && (await this.users.emailTaken(body.email, user.id))) {
      throw new AccountsException(AccountsErrorCode.EmailExists, 'A user with this email address has already been registered');
    }
    await this.users.update(user.id, {
      ...(body.name !== undefined ? { name: body.name.trim() || user.email.split('@')[0] } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.password !== undefined ? { passwordHash: await hashPassword(body.password) } : {}),
    });
    if (body.password !== undefined) await this.sessions.revokeAll(user.id, 'password_changed', sessionId);
    return toAuthUser((await this.users.findById(user.id)) ?? user);
  }

  async delete(sessionId: string): Promise<void> {
    const user = await this.auth.currentUser(sessionId);
    await this.sessions.revokeAll(user.id, 'account_deleted');
    await this.users.delete(user.id);
  }

  async profile(sessionId: string): Promise<ProfileResponse> {
    const userId = await this.sessions.requireActive(sessionId);
    return toProfileResponse(await this.profiles.promoteIfListed(await this.profiles.get(userId)));
  }
}
