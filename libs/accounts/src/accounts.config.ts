import { ACCESS_TOKEN_JWT } from '@lt/contracts';
import type { AccountsEnv } from './accounts.env';

export const ACCOUNTS_ENV = Symbol('ACCOUNTS_ENV');
export type AccountsConfig = AccountsEnv;

export const AUTH_TIMES = {
  accessTokenSeconds: 3600,
  sessionDays: 30,
  refreshReuseGraceMs: 10_000,
  recoveryLinkMs: 3600_000,
  signupLinkMs: 24 * 3600_000,
  recoveryMailIntervalMs: 60_000,
} as const;

export const JWT = ACCESS_TOKEN_JWT;
