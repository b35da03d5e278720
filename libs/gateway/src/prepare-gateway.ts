import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LiveGateway } from './live/live.gateway';
import { serveWebApp } from './web-app';

/** What both run modes' gateways add before listening: the socket endpoint and the web app. */
export function prepareGateway(app: NestExpressApplication, webDist: string | null): void {
  app.set('trust proxy', 'loopback');
  app.useBodyParser('json', { limit: '64kb' });
  app.get(LiveGateway).attach(app.getHttpServer());
  if (webDist && !serveWebApp(app, webDist)) {
    new Logger('Gateway').warn(`no web app at ${webDist}: run "npm run build" to serve the pages`);
  }
}
