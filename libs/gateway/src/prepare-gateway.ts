import type { NestExpressApplication } from '@nestjs/platform-express';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { apiRequestPolicy } from './http/api-request-policy';
import { securityHeaders } from './http/security-headers';
import { LiveWsAdapter } from './live/live-ws.adapter';

/**
 * What both run modes' gateways add before listening: proxies trusted, security headers, the rule for
 * state-changing calls (allowed Origin, JSON bodies), the body limit, the socket endpoint.
 */
export function prepareGateway(app: NestExpressApplication): void {
  const config = app.get<GatewayConfig>(GATEWAY_ENV);
  // Sockets follow the same setting: the WebSocket adapter reads express's compiled `trust proxy fn`.
  app.set('trust proxy', config.trustProxy ?? false);
  app.use(securityHeaders(config));
  app.use(apiRequestPolicy(config));
  app.useBodyParser('json', { limit: '64kb' });
  app.useWebSocketAdapter(new LiveWsAdapter(app, config));
}
