import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import { GatewayErrorCode, type ClientInfo } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import type { GatewayConfig } from '../../gateway.config';

const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];
const logger = new Logger('Gateway');

export const UNTRUSTED_HOST_MESSAGE =
  'This server cannot build links for the address it was reached at. Its operator must set PUBLIC_URL, or add this origin to ALLOWED_ORIGINS.';

/**
 * The origin a Host header names when links may be built on it: any port of localhost, or an origin of the
 * allowlist (with the allowlist's own scheme). Null for any other host, or one that is not a bare host[:port].
 */
export function trustedHostOrigin(host: string | undefined, protocol: string, allowlist: string[]): string | null {
  if (!host) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  if (url.host !== host.toLowerCase() || url.pathname !== '/' || url.username || url.password) return null;
  if (LOCAL_HOSTNAMES.includes(url.hostname)) return url.origin;
  const allowed = allowlist.map((origin) => new URL(origin)).find((origin) => origin.host === url.host);
  return allowed?.origin ?? null;
}

/**
 * The origin links are built on: PUBLIC_URL when set, else the request's Host when it is trusted. Any other
 * Host is refused, so a forged one never ends up in a mail or a viewer link.
 */
export function publicOrigin(req: Request, config: GatewayConfig): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = req.get('host');
  const origin = trustedHostOrigin(host, req.protocol, config.ALLOWED_ORIGINS);
  if (origin) return origin;
  logger.warn(`refused to build a link on untrusted host ${JSON.stringify(host ?? '')}: set PUBLIC_URL or add it to ALLOWED_ORIGINS`);
  throw new DomainException(GatewayErrorCode.UntrustedHost, UNTRUSTED_HOST_MESSAGE);
}

/** Who asks, for the calls accounts-svc limits or mails a link for. */
export function clientOf(req: Request, config: GatewayConfig): ClientInfo {
  return { ip: req.ip ?? 'unknown', origin: publicOrigin(req, config) };
}
