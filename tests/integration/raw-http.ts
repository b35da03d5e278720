import { request as httpRequest } from 'node:http';
import { apiContract } from './api-contract';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON answer, or the text when it is not JSON. */
  body: unknown;
}

/**
 * One HTTP call with full control of what browsers and fetch decide alone: the Host header, the client
 * address (any 127.x address reaches the stack, so each test can be its own client), the exact body bytes.
 * Answers of documented paths must be as the OpenAPI document says.
 */
export function rawCall(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: options.headers, localAddress: options.from },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          const status = res.statusCode ?? 0;
          try {
            if (apiContract.pathOf(path)) apiContract.assert(method, path, status, body, res.headers['content-type']);
          } catch (error) {
            return reject(error);
          }
          resolve({ status, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
