import type { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { GLOSSARY_LIMITS } from '@lt/contracts';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { apiRequestPolicy } from './http/pipeline/api-request-policy';
import { securityHeaders } from './http/pipeline/security-headers';
import { LiveWsAdapter } from './live/connection/live-ws.adapter';

/**
 * What both run modes' gateways add before listening: proxies trusted, security headers, the rule for
 * state-changing calls (allowed Origin, JSON bodies), the body limits, the socket endpoint. Every HTTP request
 * goes this one way; a storm of summaries is asked for on the sockets instead (docs/protocol.md).
 */
export function prepareGateway(app: NestExpressApplication): void {
  const config = app.get<GatewayConfig>(GATEWAY_ENV);
  // Sockets follow the same setting: the WebSocket adapter reads express's compiled `trust proxy fn`.
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(securityHeaders(config));
  app.use(apiRequestPolicy(config));
  // A glossary of 500 entries with translations into every language is larger than any other body.
  app.use('/api/rooms/:roomId/glossary', json({ limit: GLOSSARY_LIMITS.bodyMaxBytes }));
  app.useBodyParser('json', { limit: '64kb' });
  app.useWebSocketAdapter(new LiveWsAdapter(app, config));
}
