import { Logger } from '@nestjs/common';
import { createInProcessBus } from './in-process.transport';

/** Bytes on the bus (a stream's audio): as they were published, in order, each listener with a copy of its own. */
describe('bytes on the in-process bus', () => {
  const arrived = (bus: ReturnType<typeof createInProcessBus>['bus'], subject: string) => {
    const got: Uint8Array[] = [];
    const off = bus.subscribeBytes(subject, (data) => got.push(data));
    return { got, off };
  };
  const settle = () => new Promise((r) => setImmediate(r));

  it('delivers each message whole, in order, asynchronously, and a copy of it', async () => {
    const { bus } = createInProcessBus();
    const { got } = arrived(bus, 'asr.stream.s1.in');
    const first = Uint8Array.from([1, 2, 3, 4]);
    bus.publishBytes('asr.stream.s1.in', first);
    bus.publishBytes('asr.stream.s1.in', new Uint8Array(0));
    bus.publishBytes('asr.stream.s1.in', Uint8Array.from([5]));
    expect(got).toHaveLength(0);
    first[0] = 99;
    await settle();
    expect(got.map((d) => [...d])).toEqual([[1, 2, 3, 4], [], [5]]);
  });

  it('reaches only the subject listened to, and nothing after unsubscribing', async () => {
    const { bus } = createInProcessBus();
    const one = arrived(bus, 'asr.stream.s1.in');
    const two = arrived(bus, 'asr.stream.s2.in');
    bus.publishBytes('asr.stream.s2.in', Uint8Array.from([7]));
    await settle();
    two.off();
    bus.publishBytes('asr.stream.s2.in', Uint8Array.from([8]));
    await settle();
    expect(one.got).toHaveLength(0);
    expect(two.got.map((d) => [...d])).toEqual([[7]]);
  });

  it('survives a listener that throws: the next message still arrives, and the failure is logged', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { bus } = createInProcessBus();
    let calls = 0;
    bus.subscribeBytes('asr.stream.s1.in', () => {
      calls += 1;
      throw new Error('a bad listener');
    });
    bus.publishBytes('asr.stream.s1.in', Uint8Array.from([1]));
    bus.publishBytes('asr.stream.s1.in', Uint8Array.from([2]));
    await settle();
    await settle();
    expect(calls).toBe(2);
    expect(logged).toHaveBeenCalledWith('listener of asr.stream.s1.in failed', expect.any(Error));
    logged.mockRestore();
  });

  it('publishes nothing once the bus is closed', async () => {
    const { bus } = createInProcessBus();
    const { got } = arrived(bus, 'asr.stream.s1.in');
    bus.close();
    bus.publishBytes('asr.stream.s1.in', Uint8Array.from([1]));
    await settle();
    expect(got).toHaveLength(0);
  });
});
