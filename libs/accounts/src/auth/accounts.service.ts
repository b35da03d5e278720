import { Injectable } from '@nestjs/common';
import { ROOMS_SUBJECTS, type AuthUser, type ProfileResponse, type UpdateProfileBody, type UpdateUserBody } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ProfilesService, toProfileResponse } from '../profiles/profiles.service';
import { SessionsService, toAuthUser } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';
import { AuthService } from './auth.service';
import { hashPassword } from './passwords';

/** Deleting many rooms and their translations takes longer than an ordinary request. */
const PURGE_TIMEOUT_MS = 30_000;

/** What a signed-in user does with their own account: read, change, delete it, and read the profile. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly profiles: ProfilesService,
    private readonly bus: Bus,
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

  /**
   * The sessions end first, so no room is created meanwhile; then rooms-svc deletes the user's rooms with
   * their transcripts and translations, and closes their sockets; the user goes last. When rooms-svc cannot
   * do its part, the account stays: signed in again, the user deletes it again and that finishes the job.
   */
  async delete(sessionId: string): Promise<void> {
    const user = await this.auth.currentUser(sessionId);
    await this.sessions.revokeAll(user.id, 'account_deleted');
    await this.bus.request(ROOMS_SUBJECTS.purgeOwner, { ownerId: user.id }, { timeoutMs: PURGE_TIMEOUT_MS });
    await this.users.delete(user.id, user.email);
  }

  async profile(sessionId: string): Promise<ProfileResponse> {
    const userId = await this.sessions.requireActive(sessionId);
    return toProfileResponse(await this.profiles.promoteIfListed(await this.profiles.get(userId)));
  }

  async updateProfile(sessionId: string, body: UpdateProfileBody): Promise<ProfileResponse> {
    const userId = await this.sessions.requireActive(sessionId);
    const profile = await this.profiles.promoteIfListed(await this.profiles.get(userId));
    await this.profiles.setLocale(userId, body.locale);
    return toProfileResponse({ ...profile, locale: body.locale });
  }
}
