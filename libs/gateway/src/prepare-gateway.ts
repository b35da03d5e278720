import type { NestExpressApplication } from '@nestjs/platform-express';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { LiveWsAdapter } from './live/live-ws.adapter';

/** What both run modes' gateways add before listening: proxies trusted, the body limit, the socket endpoint. */
export function prepareGateway(app: NestExpressApplication): void {
  app.set('trust proxy', 'loopback');
  app.useBodyParser('json', { limit: '64kb' });
  app.useWebSocketAdapter(new LiveWsAdapter(app, app.get<GatewayConfig>(GATEWAY_ENV)));
}
