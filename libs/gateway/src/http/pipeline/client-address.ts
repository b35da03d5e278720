import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`). */
export type TrustProxyFn = (addr: string, i: number) => boolean;

/** The client's address, through the proxies the HTTP side trusts (`trust proxy`), as express's `req.ip` reads it. */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxyFn | undefined): string {
  try {
    return trust ? proxyAddr(req, trust) : (req.socket.remoteAddress ?? 'unknown');
  } catch {
    return req.socket.remoteAddress ?? 'unknown';
  }
}
