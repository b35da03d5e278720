import { z } from 'zod';
import { adminUpdateUserBodySchema, type AdminUser } from '../admin/admin.dto';
import { eventRoute, requestRoute, typed } from '../bus/route';
import { serviceHealthSchema } from '../health';
import {
  idTokenGrantBodySchema,
  passwordGrantBodySchema,
  recoverBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
  updateUserBodySchema,
} from './auth.dto';
import { userRoleSchema, type AuthSession, type AuthUser, type ProfileResponse, type SignupResponse } from './auth.response';

export const callerContextSchema = z.object({ userId: z.string().uuid(), sessionId: z.string().uuid() });
export const clientInfoSchema = z.object({
  ip: z.string().max(100),
  /** Where links in mails point: the public origin of the web app. */
  origin: z.string().url(),
});

/** Requests made on behalf of a signed-in caller carry the session the gateway verified. */
const callerRequest = <B extends z.ZodType>(body: B) => z.object({ caller: callerContextSchema, body });
const callerOnly = z.object({ caller: callerContextSchema, body: z.undefined().optional() });
const clientRequest = <B extends z.ZodType>(body: B) => z.object({ client: clientInfoSchema, body });

export const verifyLinkRequestSchema = z.object({ token: z.string().min(20).max(200), type: z.enum(['recovery', 'signup']) });

export const tokenUsageEventSchema = z.object({
  eventId: z.string().min(1).max(200),
  userId: z.string().uuid(),
  roomId: z.string().uuid().nullable(),
  tokens: z.number().int().min(0),
  eventType: z.enum(['translation', 'summary', 'enhancement', 'interim', 'tts', 'recognition']),
});

export const sessionRevokedEventSchema = z.object({
  /** Revoked sessions; empty with userId set means every session of the user. */
  sessionIds: z.array(z.string()),
  userId: z.string(),
});

const adminUserRequest = z.object({ caller: callerContextSchema, userId: z.string().uuid() });

/** The figures of the admin statistics that accounts-svc holds. */
export const accountStatsSchema = z.object({
  total_users: z.number().int(),
  premium_users: z.number().int(),
  admin_users: z.number().int(),
  total_token_usage: z.number().int(),
});
export type AccountStats = z.infer<typeof accountStatsSchema>;

/** Sessions revoked recently enough that access tokens issued to them may not have expired yet. */
export interface RevokedSessions {
  sessions: { id: string; revokedAt: string }[];
}

export type CallerContext = z.infer<typeof callerContextSchema>;
export type ClientInfo = z.infer<typeof clientInfoSchema>;
export type TokenUsageEvent = z.infer<typeof tokenUsageEventSchema>;
export type SessionRevokedEvent = z.infer<typeof sessionRevokedEventSchema>;
export type VerifyLinkRequest = z.infer<typeof verifyLinkRequestSchema>;
export interface CallerRequest<T = undefined> {
  caller: CallerContext;
  body: T;
}
export interface ClientRequest<T> {
  client: ClientInfo;
  body: T;
}
/** The public keys that verify access tokens. */
export interface JsonWebKeySet {
  keys: Record<string, unknown>[];
}

/** Bus subjects served or published by accounts-svc. */
export const ACCOUNTS_SUBJECTS = {
  signup: requestRoute('accounts.user.signup', clientRequest(signupBodySchema), typed<SignupResponse>()),
  /** request: sign in with a password; `client.ip` is the address whose failed attempts are throttled */
  passwordGrant: requestRoute(
    'accounts.session.password',
    z.object({ client: clientInfoSchema.pick({ ip: true }), body: passwordGrantBodySchema }),
    typed<AuthSession>(),
  ),
  refreshGrant: requestRoute('accounts.session.refresh', refreshGrantBodySchema, typed<AuthSession>()),
  idTokenGrant: requestRoute('accounts.session.id-token', idTokenGrantBodySchema, typed<AuthSession>()),
  logout: requestRoute('accounts.session.logout', callerOnly, typed<Record<string, never>>()),
  recover: requestRoute('accounts.recovery.request', clientRequest(recoverBodySchema), typed<Record<string, never>>()),
  /** request: spend an e-mailed link (recovery or confirmation) for a session */
  verifyLink: requestRoute('accounts.link.verify', verifyLinkRequestSchema, typed<AuthSession>()),
  getUser: requestRoute('accounts.user.get', callerOnly, typed<AuthUser>()),
  updateUser: requestRoute('accounts.user.update', callerRequest(updateUserBodySchema), typed<AuthUser>()),
  deleteUser: requestRoute('accounts.user.delete', callerOnly, typed<Record<string, never>>()),
  getProfile: requestRoute('accounts.profile.get', callerOnly, typed<ProfileResponse>()),
  /** request: change the caller's own settings (the interface language) */
  updateProfile: requestRoute('accounts.profile.update', callerRequest(updateProfileBodySchema), typed<ProfileResponse>()),
  /** request: the public keys that verify access tokens (JWKS) */
  jwks: requestRoute('accounts.keys.jwks', z.object({}), typed<JsonWebKeySet>()),
  /** request: the sessions revoked within an access token's lifetime, for a gateway that starts or reconnects */
  revokedSessions: requestRoute('accounts.session.revoked-list', z.object({}), typed<RevokedSessions>()),
  /** request: the caller's role as its profile says now (the token's claim may be up to an hour old) */
  callerRole: requestRoute('accounts.profile.role', callerOnly, z.object({ role: userRoleSchema })),
  /** Admin calls: each checks again that the caller's session is open and its profile has role admin. */
  adminListUsers: requestRoute('accounts.admin.user-list', callerOnly, typed<AdminUser[]>()),
  adminUpdateUser: requestRoute(
    'accounts.admin.user-update',
    adminUserRequest.extend({ body: adminUpdateUserBodySchema }),
    typed<AdminUser>(),
  ),
  adminResetTokens: requestRoute('accounts.admin.user-reset-tokens', adminUserRequest, typed<AdminUser>()),
  /** request: the e-mails of the given users (for the admin room list); unknown ids are left out */
  adminEmails: requestRoute(
    'accounts.admin.emails',
    z.object({ caller: callerContextSchema, userIds: z.array(z.string().uuid()).max(100_000) }),
    z.object({ emails: z.record(z.string(), z.string()) }),
  ),
  adminStats: requestRoute('accounts.admin.stats', callerOnly, accountStatsSchema),
  /** request from rooms-svc: mail a speaker invite link to an address from the create form's invited hosts */
  mailSpeakerInvite: requestRoute(
    'accounts.mail.speaker-invite',
    z.object({ to: z.email(), roomName: z.string().max(100), speakerName: z.string().max(50), link: z.url() }),
    z.object({}),
  ),
  /** request: whether accounts-svc answers and reaches its database */
  health: requestRoute('accounts.health.check', z.object({}), serviceHealthSchema),
  /** event for one replica: apply a token usage event to the owner's profile, once per event id */
  trackUsage: eventRoute('accounts.usage.track', tokenUsageEventSchema),
  /** event for every gateway: a session ended (logout, password change, deletion); close its sockets */
  sessionRevoked: eventRoute('accounts.session.revoked', sessionRevokedEventSchema),
} as const;

/** Who issues access tokens and for whom: accounts-svc signs with these, the gateway checks them. */
export const ACCESS_TOKEN_JWT = { issuer: 'lt-accounts', audience: 'lt' } as const;
