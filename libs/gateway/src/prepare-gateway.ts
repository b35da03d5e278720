import type { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { GLOSSARY_LIMITS } from '@lt/contracts';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { SUMMARY_LIMITERS, type ViewerCallLimiters } from './auth/ip-rate-limiter.guard';
import { apiRequestPolicy } from './http/api-request-policy';
import { securityHeaders } from './http/security-headers';
import { SummaryCoalescer } from './http/summary-coalescer';
import { summaryEarlyAnswer } from './http/summary-early-answer';
import { LiveWsAdapter } from './live/live-ws.adapter';

/**
 * What both run modes' gateways add before listening: proxies trusted, security headers, the rule for
 * state-changing calls (allowed Origin, JSON bodies), the body limits, summaries answered early in a storm
 * (before Nest's pipeline, so that a storm takes little time from the fan-out), the socket endpoint.
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
  app.use(summaryEarlyAnswer(app.get(SummaryCoalescer), app.get<ViewerCallLimiters>(SUMMARY_LIMITERS)));
  app.useWebSocketAdapter(new LiveWsAdapter(app, config));
}
