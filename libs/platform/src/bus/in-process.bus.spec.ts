import { Logger } from '@nestjs/common';
import { DomainException } from '../errors/domain.exception';
import { BusRemoteError } from './bus';
import { InProcessBus } from './in-process.bus';

const tick = () => new Promise((r) => setImmediate(r));

beforeAll(() => Logger.overrideLogger(false));

describe('InProcessBus', () => {
  let bus: InProcessBus;
  beforeEach(() => (bus = new InProcessBus()));

  it('answers a request from a served subject with a copy of the payload', async () => {
    const seen: unknown[] = [];
    bus.serve('rooms.x.get', (p: { n: number }) => (seen.push(p), { doubled: p.n * 2 }));
    const payload = { n: 21 };
    await expect(bus.request('rooms.x.get', payload)).resolves.toEqual({ doubled: 42 });
    expect(seen[0]).toEqual(payload);
    expect(seen[0]).not.toBe(payload);
  });

  it('rethrows a domain error with its code, and hides unexpected errors', async () => {
    bus.serve('rooms.x.fail', () => {
      throw new DomainException('room_not_found', 'Room not found');
    });
    bus.serve('rooms.x.crash', () => {
      throw new Error('secret detail');
    });
    await expect(bus.request('rooms.x.fail', {})).rejects.toMatchObject({ code: 'room_not_found', message: 'Room not found' });
    const crash = bus.request('rooms.x.crash', {});
    await expect(crash).rejects.toBeInstanceOf(BusRemoteError);
    await expect(crash).rejects.toMatchObject({ code: 'internal', message: 'Internal error' });
  });

  it('says unavailable when nobody serves a subject, and times out a slow handler', async () => {
    await expect(bus.request('nobody.here', {})).rejects.toMatchObject({ code: 'unavailable' });
    bus.serve('rooms.x.slow', () => new Promise((r) => setTimeout(r, 200)));
    await expect(bus.request('rooms.x.slow', {}, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' });
  });

  it('gives an event to every plain subscriber but to one member of each queue group', async () => {
    const got: string[] = [];
    bus.subscribe('ev', () => void got.push('a'));
    bus.subscribe('ev', () => void got.push('b'));
    bus.subscribe('ev', () => void got.push('q1'), { queue: 'q' });
    bus.subscribe('ev', () => void got.push('q2'), { queue: 'q' });
    bus.publish('ev', {});
    bus.publish('ev', {});
    await tick();
    expect(got.filter((g) => g === 'a')).toHaveLength(2);
    expect(got.filter((g) => g === 'b')).toHaveLength(2);
    expect(got.filter((g) => g.startsWith('q')).sort()).toEqual(['q1', 'q2']);
  });

  it('keeps delivering after a listener throws, and stops after unsubscribe', async () => {
    const got: number[] = [];
    bus.subscribe('ev', () => {
      throw new Error('bad listener');
    });
    const off = bus.subscribe('ev', (p: { n: number }) => void got.push(p.n));
    bus.publish('ev', { n: 1 });
    await tick();
    off();
    bus.publish('ev', { n: 2 });
    await tick();
    expect(got).toEqual([1]);
  });
});
