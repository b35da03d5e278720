import type { TrustProxy } from './trust-proxy';
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
export type { TrustProxy };

export interface GatewayConfig {
  /** Origins allowed to open sockets besides the same origin and localhost. */
  allowedOrigins: string[];
  /** The public base URL used in links; when absent, the request's Host if localhost or allowlisted, else refused. */
  publicUrl?: string;
  /** Keycloak for Google / Apple sign-in, given to the web in /config.json. */
  keycloak?: { url: string; realm: string; clientId: string } | null;
  /** Per-address limit of sign-in, sign-up, token and recovery calls. */
  authRate?: { burst: number; perMinute: number };
  /** Per-address and per-user limit of room creation (10 a minute when absent). */
  roomCreateRate?: { burst: number; perMinute: number };
  /** Per-address limit of summaries (10 a minute when absent). */
  summaryRate?: { burst: number; perMinute: number };
  /** PostgreSQL where gateway replicas share their rate counts; each counts alone without it. */
  authRateStoreUrl?: string;
  /** The built web app, served when it is there. */
  webDist?: string;
  /** Open sockets one client address may have at once (50 when absent). */
  wsMaxPerAddress?: number;
  /** Proxies trusted to give the client's address in `X-Forwarded-For` (express's `trust proxy`); none when absent. */
  trustProxy?: TrustProxy;
}

/** Origins whose pages may call the API and open sockets: ALLOWED_ORIGINS and the origin of PUBLIC_URL. */
export function trustedOrigins(config: GatewayConfig): string[] {
  return config.publicUrl ? [...config.allowedOrigins, config.publicUrl] : config.allowedOrigins;
}

/** The gateway's settings from its environment. */
export function gatewayConfigFrom(env: {
  ALLOWED_ORIGINS: string[];
  PUBLIC_URL?: string;
  KEYCLOAK_URL?: string;
  KEYCLOAK_REALM?: string;
  KEYCLOAK_CLIENT_ID?: string;
  AUTH_RATE_LIMIT_BURST?: number;
  AUTH_RATE_LIMIT_PER_MINUTE?: number;
  AUTH_RATE_LIMIT_STORE_URL?: string;
  ROOM_CREATE_BURST?: number;
  ROOM_CREATE_PER_MINUTE?: number;
  SUMMARY_RATE_BURST?: number;
  SUMMARY_RATE_PER_MINUTE?: number;
  WEB_DIST?: string;
  WS_MAX_PER_ADDRESS?: number;
  TRUST_PROXY?: TrustProxy;
}): GatewayConfig {
  const { KEYCLOAK_URL: url, KEYCLOAK_REALM: realm, KEYCLOAK_CLIENT_ID: clientId } = env;
  return {
    allowedOrigins: env.ALLOWED_ORIGINS,
    publicUrl: env.PUBLIC_URL,
    keycloak: url && realm && clientId ? { url, realm, clientId } : null,
    authRate:
      env.AUTH_RATE_LIMIT_BURST !== undefined && env.AUTH_RATE_LIMIT_PER_MINUTE !== undefined
        ? { burst: env.AUTH_RATE_LIMIT_BURST, perMinute: env.AUTH_RATE_LIMIT_PER_MINUTE }
        : undefined,
    roomCreateRate:
      env.ROOM_CREATE_BURST !== undefined && env.ROOM_CREATE_PER_MINUTE !== undefined
        ? { burst: env.ROOM_CREATE_BURST, perMinute: env.ROOM_CREATE_PER_MINUTE }
        : undefined,
    summaryRate:
      env.SUMMARY_RATE_BURST !== undefined && env.SUMMARY_RATE_PER_MINUTE !== undefined
        ? { burst: env.SUMMARY_RATE_BURST, perMinute: env.SUMMARY_RATE_PER_MINUTE }
        : undefined,
    authRateStoreUrl: env.AUTH_RATE_LIMIT_STORE_URL,
    webDist: env.WEB_DIST,
    wsMaxPerAddress: env.WS_MAX_PER_ADDRESS,
    trustProxy: env.TRUST_PROXY ?? false,
  };
}
