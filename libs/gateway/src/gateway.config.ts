import type { GatewayEnv } from './gateway.env';
import type { TrustProxy } from './trust-proxy';

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
export type { TrustProxy };

/** The gateway's settings: its variables as `gatewayEnvSchema` parses them, defaults included. */
export type GatewayConfig = GatewayEnv;

/** Origins whose pages may call the API and open sockets: ALLOWED_ORIGINS and the origin of PUBLIC_URL. */
export function trustedOrigins(config: GatewayConfig): string[] {
  return config.PUBLIC_URL ? [...config.ALLOWED_ORIGINS, config.PUBLIC_URL] : config.ALLOWED_ORIGINS;
}

/** Keycloak for Google / Apple sign-in, given to the web in /config.json: all three variables, or none. */
export function keycloakOf(config: GatewayConfig): { url: string; realm: string; clientId: string } | null {
  const { KEYCLOAK_URL: url, KEYCLOAK_REALM: realm, KEYCLOAK_CLIENT_ID: clientId } = config;
  return url && realm && clientId ? { url, realm, clientId } : null;
}
