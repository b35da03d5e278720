import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapturedSpan } from '@lt/testing';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpAttribute[];
}
interface OtlpTraceRequest {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const valueOf = (v: OtlpValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue));
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));
/** OTLP/JSON ids are hex (OTLP's JSON mapping); an empty parent is no parent. */
const id = (value: string | undefined) => (value ? value.toLowerCase() : undefined);

/**
 * An OTLP/HTTP trace receiver, as a collector would be: `POST /v1/traces`. JSON requests (http/json) are read
 * into spans; protobuf requests (http/protobuf) are kept as bytes.
 */
export class OtlpReceiver {
  readonly spans: CapturedSpan[] = [];
  readonly protobufBodies: Buffer[] = [];
  readonly contentTypes: string[] = [];
  private server: Server | null = null;

  async start(port: number): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const type = String(req.headers['content-type'] ?? '');
        if (req.method !== 'POST' || req.url !== '/v1/traces') {
          res.writeHead(404).end();
          return;
        }
        this.contentTypes.push(type);
        if (type.includes('json')) this.read(JSON.parse(body.toString('utf8')) as OtlpTraceRequest);
        else this.protobufBodies.push(body);
        res.writeHead(200, { 'content-type': type.includes('json') ? 'application/json' : 'application/x-protobuf' });
        res.end(type.includes('json') ? '{}' : undefined);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private read(request: OtlpTraceRequest): void {
    for (const resourceSpans of request.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            name: span.name,
            service,
            traceId: id(span.traceId) as string,
            spanId: id(span.spanId) as string,
            parentId: id(span.parentSpanId),
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            durationMs: Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6,
          });
        }
      }
    }
  }
}
