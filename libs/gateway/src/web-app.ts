import { DynamicModule, Logger } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** Paths the server answers itself: index.html never stands in for them, not even as a 404. */
const SERVER_PATHS = ['/api/{*path}', '/ws', '/healthz', '/readyz'];
/** Client-side routes have no file extension; a missing asset stays a 404 instead of becoming the page. */
const PAGE_PATH = /^[^.]*$/;
const YEAR_S = 365 * 24 * 3600;

/**
 * Serves the built web app, with index.html for every client-side route. Registered after the controllers,
 * so every route of the API, /config.json and the health probes come first. Nothing when it is not built.
 */
export function webAppModules(dir: string | undefined): DynamicModule[] {
  if (!dir) return [];
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) {
    new Logger('Gateway').warn(`no web app at ${dir}: run "npm run build" to serve the pages`);
    return [];
  }
  const assets = join(root, 'assets') + sep;
  return [
    ServeStaticModule.forRoot({
      rootPath: root,
      renderPath: PAGE_PATH,
      exclude: SERVER_PATHS,
      serveStaticOptions: {
        index: false,
        maxAge: '1h',
        // Pages are revalidated so a new build shows at once; Vite names assets after their content.
        setHeaders: (res: Response, path: string) => {
          if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
          else if (path.startsWith(assets)) res.setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`);
        },
      },
    }),
  ];
}
