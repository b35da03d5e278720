import { Logger } from '@nestjs/common';
import type { WritePacket } from '@nestjs/microservices';
import { ErrorCode, NatsError } from 'nats';
import { BusErrorCode } from '@lt/contracts';
import { guardedRespond } from './reply-guard';

describe('the guarded answer of every bus handler', () => {
  beforeAll(() => Logger.overrideLogger(false));

  /** A transport's respond that refuses the first `refusals` packets with `error`, and records what it sent. */
  function transport(error: unknown, refusals = 1) {
    const sent: WritePacket[] = [];
    let calls = 0;
    const respond = (packet: WritePacket) => {
      calls++;
      if (calls <= refusals) throw error;
      sent.push(packet);
    };
    return { sent, respond };
  }

  it('answers payload_too_large when the transport refuses an answer over its limit, and throws nothing', () => {
    const { sent, respond } = transport(NatsError.errorForCode(ErrorCode.MaxPayloadExceeded));
    const guarded = guardedRespond(respond, 'rooms.question.list');
    expect(() => guarded({ response: { questions: ['x'] } })).not.toThrow();
    expect(sent).toEqual([
      {
        err: expect.objectContaining({
          code: BusErrorCode.PayloadTooLarge,
          message: 'The answer to rooms.question.list is larger than the bus carries',
        }),
        isDisposed: true,
      },
    ]);
  });

  it('answers internal for any other failure while answering', () => {
    const { sent, respond } = transport(new TypeError('Do not know how to serialize a BigInt'));
    guardedRespond(respond, 'probe.any')({ response: 1n });
    expect(sent).toEqual([{ err: expect.objectContaining({ code: BusErrorCode.Internal, message: 'Internal error' }), isDisposed: true }]);
  });

  it('swallows (and logs) a failure of the error answer itself', () => {
    const { sent, respond } = transport(NatsError.errorForCode(ErrorCode.ConnectionClosed), 2);
    expect(() => guardedRespond(respond, 'probe.any')({ response: {} })).not.toThrow();
    expect(sent).toEqual([]);
  });

  it('passes an answer that can be sent as it is', () => {
    const { sent, respond } = transport(null, 0);
    guardedRespond(respond, 'probe.any')({ response: { ok: true } });
    expect(sent).toEqual([{ response: { ok: true } }]);
  });
});
