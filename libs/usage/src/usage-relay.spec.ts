import { ROOMS_SUBJECTS, USAGE_SUBJECTS, type ApplyUsageRequest } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { BusUsageMeter } from './bus-usage-meter';
import { MemoryUsageOutbox } from './usage-outbox';

const OWNER = '3f1c2a5e-0b7d-4c1e-9a43-2d8f6b0e5a11';

/** A meter over the in-process bus, rooms-svc answering an owner; accounts-svc applies while `up`, refuses otherwise. */
function setup() {
  const { bus, broker } = createInProcessBus();
  broker.subscribe(ROOMS_SUBJECTS.getRoom.subject, 'rooms', (d) =>
    d.reply?.({ response: { room: { owner_id: OWNER } }, isDisposed: true }),
  );
  const accounts = { up: false, applied: [] as ApplyUsageRequest[] };
  broker.subscribe(USAGE_SUBJECTS.apply.subject, 'accounts', (d) => {
    const request = JSON.parse(d.text).data as ApplyUsageRequest;
    if (!accounts.up) return d.reply?.({ err: { code: 'internal', message: 'down' }, isDisposed: true });
    accounts.applied.push(request);
    d.reply?.({ response: { applied: true }, isDisposed: true });
  });
  const outbox = new MemoryUsageOutbox();
  return { meter: new BusUsageMeter(bus, outbox), outbox, accounts };
}

const until = async (probe: () => boolean | Promise<boolean>) => {
  for (let i = 0; !(await probe()); i++) {
    if (i > 200) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('BusUsageMeter relay', () => {
  it('keeps reports in the outbox while accounts-svc refuses them, then sends each once, oldest first, and forgets it', async () => {
    const { meter, outbox, accounts } = setup();
    const roomId = crypto.randomUUID();
    for (let tokens = 1; tokens <= 120; tokens++) meter.report(roomId, 'translation', tokens);
    await until(async () => (await outbox.count()) === 120);
    await meter.flush();
    expect(await meter.waiting()).toBe(120);

    accounts.up = true;
    await meter.flush();
    await until(async () => (await meter.waiting()) === 0);
    expect(accounts.applied.map((a) => a.tokens)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(new Set(accounts.applied.map((a) => a.eventId)).size).toBe(120);
    expect(accounts.applied.every((a) => a.ownerId === OWNER && a.roomId === roomId)).toBe(true);
    await meter.beforeApplicationShutdown();
  });

  it('sends a report at once when accounts-svc answers', async () => {
    const { meter, accounts } = setup();
    accounts.up = true;
    meter.report(crypto.randomUUID(), 'tts', 42);
    await until(() => accounts.applied.length === 1);
    expect(accounts.applied[0]).toMatchObject({ tokens: 42, eventType: 'tts', ownerId: OWNER });
    expect(await meter.waiting()).toBe(0);
  });
});
