import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { inSpan } from '../telemetry/tracing';
import { createProcessLogger, logFormatFrom, ProcessLogger, serviceNameOf } from './logging';

function collect() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

describe('process logs', () => {
  it('writes one JSON object per line with level, time, msg, service and the context', () => {
    const { lines, destination } = collect();
    const logger = new ProcessLogger(createProcessLogger({ service: 'rooms-svc', level: 'log', format: 'json', destination }));
    logger.log('ready on port 8082', 'rooms-svc');
    logger.debug('not at this level');
    logger.error('append failed', new Error('boom'), 'RoomsService');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      service: 'rooms-svc',
      context: 'rooms-svc',
      msg: 'ready on port 8082',
    });
    expect(lines[1]).toMatchObject({ level: 'error', msg: 'append failed', context: 'RoomsService', err: { message: 'boom' } });
  });

  it('carries the trace and span id of the operation a line is written in', async () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    try {
      const { lines, destination } = collect();
      const logger = new ProcessLogger(createProcessLogger({ service: 'gateway', level: 'log', format: 'json', destination }));
      logger.log('outside');
      inSpan('ws transcript', {}, () => logger.log('inside'));
      const { traceId, spanId } = exporter.getFinishedSpans()[0].spanContext();
      expect(lines[0].trace_id).toBeUndefined();
      expect(lines[1]).toMatchObject({ msg: 'inside', trace_id: traceId, span_id: spanId });
    } finally {
      trace.disable();
      context.disable();
    }
  });

  it('is JSON unless a terminal reads it or LOG_FORMAT says otherwise', () => {
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });

  it('names the service by OTEL_SERVICE_NAME when set', () => {
    expect(serviceNameOf('gateway', {})).toBe('gateway');
    expect(serviceNameOf('gateway', { OTEL_SERVICE_NAME: 'edge-eu' })).toBe('edge-eu');
  });
});
