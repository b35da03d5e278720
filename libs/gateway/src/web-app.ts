import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Serves the built web app, with index.html for every client-side route. */
export function serveWebApp(app: NestExpressApplication, dir: string): boolean {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  app.useStaticAssets(root, { index: false, maxAge: '1h', setHeaders: noCacheForHtml });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = req.method === 'GET' && !req.path.startsWith('/api') && req.path !== '/ws' && !req.path.includes('.');
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}

function noCacheForHtml(res: Response, path: string): void {
  if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}
