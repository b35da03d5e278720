import WebSocket from 'ws';

/** Opens a socket to the gateway as a browser on `origin` would. */
export function open(wsUrl: string, origin: string): Promise<WebSocket> {
  const ws = new WebSocket(wsUrl, { headers: { origin }, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
