import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { json } from 'express';
import { leaveRequestsUntraced } from '@lt/platform';
import { GLOSSARY_LIMITS } from '@lt/contracts';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { SUMMARY_LIMITERS, type ViewerCallLimiters } from './auth/ip-rate-limiter.guard';
import { apiRequestPolicy } from './http/api-request-policy';
import type { TrustProxyFn } from './http/client-address';
import { apiSecurityHeaders, securityHeaders } from './http/security-headers';
import { summaryAdmission } from './http/summary-admission';
import { SummaryCoalescer } from './http/summary-coalescer';
import { summaryEarlyAnswer } from './http/summary-early-answer';
import { installSummaryFastLane } from './http/summary-fast-lane';
import { SharedSummaryAnswers, type EtagFn } from './http/summary-shared-answers';
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
  app.use(summaryAdmission());
  app.use(securityHeaders(config));
  app.use(apiRequestPolicy(config));
  // A glossary of 500 entries with translations into every language is larger than any other body.
  app.use('/api/rooms/:roomId/glossary', json({ limit: GLOSSARY_LIMITS.bodyMaxBytes }));
  app.useBodyParser('json', { limit: '64kb' });
  const express = app.getHttpAdapter().getInstance() as { get(setting: string): unknown };
  const answers = new SharedSummaryAnswers(
    app.get(SummaryCoalescer),
    app.get<ViewerCallLimiters>(SUMMARY_LIMITERS),
    () => express.get('etag fn') as EtagFn | undefined,
  );
  app.use(summaryEarlyAnswer(answers));
  // Most of a storm is answered before express: no span, no middleware, no body parser per request.
  const fastLane = installSummaryFastLane(app.getHttpServer() as Server, {
    answers,
    config,
    headers: apiSecurityHeaders(config),
    trustProxy: () => express.get('trust proxy fn') as TrustProxyFn | undefined,
  });
  leaveRequestsUntraced(fastLane);
  app.useWebSocketAdapter(new LiveWsAdapter(app, config));
}
