import type { Request } from 'express';
import type { GatewayConfig } from '../gateway.config';

/** The origin links are built on: PUBLIC_URL when set, else the one the request came to. */
export function publicOrigin(req: Request, config: GatewayConfig): string {
  return (config.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}
