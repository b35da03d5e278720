import type { Request } from 'express';
import type { ClientInfo } from '@lt/contracts';
import type { GatewayConfig } from '../gateway.config';

/** The origin links are built on: PUBLIC_URL when set, else the one the request came to. */
export function publicOrigin(req: Request, config: GatewayConfig): string {
  return (config.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

/** Who asks, for the calls accounts-svc limits or mails a link for. */
export function clientOf(req: Request, config: GatewayConfig): ClientInfo {
  return { ip: req.ip ?? 'unknown', origin: publicOrigin(req, config) };
}
