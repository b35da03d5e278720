import { captureSpans, eventually, traceTree, type CapturedSpan } from '@lt/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeStack } from '../../support/describe-stack';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(30_000);

const ROOT = resolve(__dirname, '../../..');

const tracing = captureSpans('translation-rooms');
afterAll(() => tracing.shutdown());

/** Waits for the spans to hold what `done` looks for; on timeout, says which spans there were. */
async function spansUntil(done: (spans: CapturedSpan[]) => boolean, what: string): Promise<CapturedSpan[]> {
  const spans = () => tracing.spans();
  return eventually(() => done(spans()) && spans(), { what, timeoutMs: 5000 }).catch((error: Error) => {
    throw new Error(`${error.message}; spans:\n${traceTree(spans())}`);
  });
}

describe.each(MODES)('one trace per spoken sentence (%s mode)', (mode) => {
  const suite = describeStack({ mode });

  const connect = async (join: Record<string, unknown>) => {
    const client = await suite.join(join);
    expect(client.of('joined')).toHaveLength(1);
    return client;
  };

  it('links the frame, the append, each language, the LLM calls and each fan-out in one trace', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Traced');
    const host = await connect({ roomId: room.id, role: 'host', hostKey });
    const viewers = [
      await connect({ roomId: room.id, role: 'viewer', lang: 'fr' }),
      await connect({ roomId: room.id, role: 'viewer', lang: 'fr' }),
      await connect({ roomId: room.id, role: 'viewer', lang: 'de' }),
    ];
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewers[0].waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr', 'de');
    // A socket's frames are handled in order: a ping's answer comes after the viewer's catch-up, which would
    // otherwise deliver the sentence instead of its fan-out when it is answered late.
    for (const viewer of viewers) {
      viewer.send({ type: 'ping' });
      await viewer.waitFor((c) => c.of('pong').length === 1, 5000, 'pong');
    }
    tracing.reset();

    const messageId = '7a111111-1111-4111-8111-111111111111';
    host.send(transcript(messageId, 'Buenos días a todos'));
    for (const viewer of viewers) await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'translation');

    const spans = await spansUntil(
      (all) => all.filter((s) => s.name === 'fanout translation').length === 2 && all.some((s) => s.name === 'ws transcript'),
      'the fan-out of both languages',
    );
    const root = spans.find((s) => s.name === 'ws transcript') as CapturedSpan;
    const trace = spans.filter((s) => s.traceId === root.traceId);
    const tree = traceTree(trace);
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(ROOT, 'test-results', `trace-${mode}.txt`), `${tree}\n`);
    const one = (name: string, parent: CapturedSpan, where: (s: CapturedSpan) => boolean = () => true) => {
      const found = trace.filter((s) => s.name === name && s.parentId === parent.spanId && where(s));
      if (found.length !== 1) throw new Error(`expected one "${name}" under "${parent.name}", found ${found.length}:\n${tree}`);
      return found[0];
    };

    expect(root.parentId).toBeUndefined();
    expect(root.attributes).toMatchObject({ 'lt.room_id': room.id, 'lt.message_id': messageId, 'lt.seq': 1 });
    const send = one('send rooms.transcript.append', root);
    const append = one('process rooms.transcript.append', send);
    one('fanout transcript', append);
    const stored = one('process room.*.event.transcript', append);
    for (const [lang, readers] of [
      ['fr', 2],
      ['de', 1],
    ] as const) {
      const translate = one(`translate ${lang}`, stored);
      const chat = one('chat gpt-4o', translate);
      expect(chat.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o' });
      expect(chat.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      expect(chat.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
      const fanOut = one('fanout translation', translate);
      expect(fanOut.attributes).toMatchObject({ 'lt.lang': lang, 'lt.seq': 1, 'lt.sockets_written': readers });
    }
    // Nothing of this sentence went into another trace.
    const elsewhere = spans.filter((s) => s.traceId !== root.traceId && s.attributes['lt.seq'] === 1);
    expect(elsewhere).toEqual([]);
  });

  it('continues the traceparent a client sends with the frame', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Traced by the client');
    const host = await connect({ roomId: room.id, role: 'host', hostKey });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    tracing.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    host.send(transcript('7b222222-2222-4222-8222-222222222222', 'Con contexto', { traceparent: `00-${traceId}-${parentId}-01` }));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'ack');
    const spans = await spansUntil((all) => all.some((s) => s.name === 'process rooms.transcript.append'), 'the append');
    const root = spans.find((s) => s.name === 'ws transcript') as CapturedSpan;
    expect(root).toMatchObject({ traceId, parentId });
    expect(spans.find((s) => s.name === 'process rooms.transcript.append')?.traceId).toBe(traceId);

    host.send(transcript('7b333333-3333-4333-8333-333333333333', 'Mal contexto', { traceparent: 'not-a-trace' }));
    await host.waitFor((c) => c.of('error').length === 1, 5000, 'refusal');
    expect(host.of('error')[0]).toMatchObject({ code: 'bad_frame', messageId: '7b333333-3333-4333-8333-333333333333' });
  });
});
