/** Bus subjects served or published by accounts-svc. */
export const ACCOUNTS_SUBJECTS = {
  signup: 'accounts.user.signup',
  passwordGrant: 'accounts.session.password',
  refreshGrant: 'accounts.session.refresh',
  idTokenGrant: 'accounts.session.id-token',
  logout: 'accounts.session.logout',
  recover: 'accounts.recovery.request',
  /** request: spend an e-mailed link (recovery or confirmation) for a session */
  verifyLink: 'accounts.link.verify',
  getUser: 'accounts.user.get',
  updateUser: 'accounts.user.update',
  deleteUser: 'accounts.user.delete',
  getProfile: 'accounts.profile.get',
  /** request: the public keys that verify access tokens (JWKS) */
  jwks: 'accounts.keys.jwks',
  /** event: apply a token usage event to the owner's profile, once per event id */
  trackUsage: 'accounts.usage.track',
  /** event: a session ended (logout, password change, deletion); gateways close its sockets */
  sessionRevoked: 'accounts.session.revoked',
} as const;

export interface CallerContext {
  userId: string;
  sessionId: string;
}

export interface ClientInfo {
  ip: string;
  /** Where recovery links point: the public origin of the web app. */
  origin: string;
}

export interface SessionRevokedEvent {
  /** Revoked sessions; empty with userId set means every session of the user. */
  sessionIds: string[];
  userId: string;
}

export interface TokenUsageEvent {
  eventId: string;
  userId: string;
  roomId: string | null;
  tokens: number;
  eventType: 'translation' | 'summary' | 'enhancement' | 'tts';
}


/** Requests made on behalf of a signed-in caller carry the session the gateway verified. */
export interface CallerRequest<T = undefined> {
  caller: CallerContext;
  body: T;
}

export interface ClientRequest<T> {
  client: ClientInfo;
  body: T;
}

export interface VerifyLinkRequest {
  token: string;
  type: 'recovery' | 'signup';
}
