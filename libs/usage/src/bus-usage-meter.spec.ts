import { ROOMS_SUBJECTS, USAGE_SUBJECTS } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { BusUsageMeter } from './bus-usage-meter';
import { UsageRoomsController } from './usage-rooms.controller';

function setup() {
  const { bus, broker } = createInProcessBus();
  // rooms-svc and accounts-svc: anonymous rooms, every one of them spent.
  broker.subscribe(ROOMS_SUBJECTS.getRoom.subject, 'rooms', (d) => d.reply?.({ response: { room: { owner_id: null } }, isDisposed: true }));
  broker.subscribe(USAGE_SUBJECTS.status.subject, 'accounts', (d) =>
    d.reply?.({ response: { allowed: false, remaining: 0 }, isDisposed: true }),
  );
  const meter = new BusUsageMeter(bus);
  return { meter, controller: new UsageRoomsController(meter) };
}

describe('BusUsageMeter', () => {
  it('keeps nothing of 10,000 rooms once they have ended or been deleted', async () => {
    const { meter, controller } = setup();
    for (let batch = 0; batch < 10; batch += 1) {
      const roomIds = Array.from({ length: 1_000 }, () => crypto.randomUUID());
      // A hundred questions at a time: each has 2 s to be answered, which a thousand at once may not get on a busy machine.
      for (let at = 0; at < roomIds.length; at += 100) {
        const some = roomIds.slice(at, at + 100);
        expect(await Promise.all(some.map((roomId) => meter.allowed(roomId)))).toEqual(some.map(() => false));
      }
      expect(meter.rooms).toBe(1_000);
      const [ended, deleted] = [roomIds.slice(0, 500), roomIds.slice(500)];
      const timestamp = new Date().toISOString();
      for (const roomId of ended) controller.statusChanged({ roomId, status: 'ended', sourceLanguage: 'es', timestamp, messageId: 'm' });
      controller.roomsDeleted({ roomIds: deleted });
      expect(meter.rooms).toBe(0);
    }
  }, 60_000);

  it('keeps a room that only started', async () => {
    const { meter, controller } = setup();
    const roomId = crypto.randomUUID();
    await meter.allowed(roomId);
    controller.statusChanged({ roomId, status: 'active', sourceLanguage: 'es', timestamp: new Date().toISOString(), messageId: 'm' });
    expect(meter.rooms).toBe(1);
  });

  describe('whether a room may spend', () => {
    /** rooms-svc answering an anonymous room; accounts-svc granting holds while `grant`, counting its questions. */
    function asked() {
      const { bus, broker } = createInProcessBus();
      broker.subscribe(ROOMS_SUBJECTS.getRoom.subject, 'rooms', (d) =>
        d.reply?.({ response: { room: { owner_id: null } }, isDisposed: true }),
      );
      const accounts = { statuses: 0, grant: true };
      broker.subscribe(USAGE_SUBJECTS.status.subject, 'accounts', (d) => {
        accounts.statuses += 1;
        d.reply?.({ response: { allowed: accounts.grant, remaining: accounts.grant ? 1_000 : 0 }, isDisposed: true });
      });
      broker.subscribe(USAGE_SUBJECTS.reserve.subject, 'accounts', (d) =>
        d.reply?.({ response: { granted: accounts.grant }, isDisposed: true }),
      );
      broker.subscribe(USAGE_SUBJECTS.apply.subject, 'accounts', (d) => d.reply?.({ response: { applied: true }, isDisposed: true }));
      return { meter: new BusUsageMeter(bus), accounts };
    }

    it('is answered by a granted hold: the call it held, once charged, asks accounts-svc nothing more', async () => {
      const { meter, accounts } = asked();
      const roomId = crypto.randomUUID();
      for (let call = 0; call < 5; call++) {
        expect(await meter.allowed(roomId)).toBe(true);
        const held = await meter.reserve(roomId, 100);
        expect(held).not.toBeNull();
        meter.report(roomId, 'translation', 80, held as string);
      }
      expect(accounts.statuses).toBe(1);
      await meter.beforeApplicationShutdown();
    });

    it('is asked again after a call made without a hold (speech), and after a refused hold says no', async () => {
      const { meter, accounts } = asked();
      const roomId = crypto.randomUUID();
      expect(await meter.allowed(roomId)).toBe(true);
      meter.report(roomId, 'tts', 40);
      expect(await meter.allowed(roomId)).toBe(true);
      expect(accounts.statuses).toBe(2);
      accounts.grant = false;
      expect(await meter.reserve(roomId, 100)).toBeNull();
      expect(await meter.allowed(roomId)).toBe(false);
      expect(accounts.statuses).toBe(2);
      await meter.beforeApplicationShutdown();
    });
  });
});
