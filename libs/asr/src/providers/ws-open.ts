import WebSocket from 'ws';

/** Opens a provider's WebSocket, failing with the provider's answer when it refuses the upgrade. */
export function openSocket(url: string, headers: Record<string, string>, timeoutMs = 10_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, handshakeTimeout: timeoutMs });
    const fail = (error: Error) => {
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      reject(error);
    };
    ws.once('open', () => {
      ws.removeListener('error', fail);
      resolve(ws);
    });
    ws.once('error', fail);
    ws.once('unexpected-response', (_req, res) => fail(new Error(`the provider refused the session: HTTP ${res.statusCode}`)));
  });
}
