export const GATEWAY_ENV = Symbol('GATEWAY_ENV');

export interface GatewayConfig {
  /** Origins allowed to open sockets besides the same origin and localhost. */
  allowedOrigins: string[];
  /** The public base URL used in links; the request's own origin when absent. */
  publicUrl?: string;
  /** Keycloak for Google / Apple sign-in, given to the web in /config.json. */
  keycloak?: { url: string; realm: string; clientId: string } | null;
  /** Per-address limit of sign-in, sign-up, token and recovery calls. */
  authRate?: { burst: number; perMinute: number };
  /** PostgreSQL where gateway replicas share their rate counts; each counts alone without it. */
  authRateStoreUrl?: string;
  /** The built web app, served when it is there. */
  webDist?: string;
  /** Open sockets one client address may have at once (50 when absent). */
  wsMaxPerAddress?: number;
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
  WEB_DIST?: string;
  WS_MAX_PER_ADDRESS?: number;
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
    authRateStoreUrl: env.AUTH_RATE_LIMIT_STORE_URL,
    webDist: env.WEB_DIST,
    wsMaxPerAddress: env.WS_MAX_PER_ADDRESS,
  };
}
