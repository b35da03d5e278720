import { ANALYTICS_SUBJECTS, ROOMS_SUBJECTS, type RecordedMinute } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { eventually } from '@lt/testing';
import { AnalyticsRelay } from './analytics-relay';
import { BusUsageMeter } from './bus-usage-meter';
import { MemoryUsageOutbox } from './usage-outbox';

const ROOM = '5b0e1f7c-2d3a-4e9b-8c61-7a2f0d4e9b13';

describe('the one record of a call’s usage', () => {
  it('reaches the quota’s outbox, the analytics and any other subscriber once each', async () => {
    const { bus, broker } = createInProcessBus();
    broker.subscribe(ROOMS_SUBJECTS.getRoom.subject, 'rooms', (d) =>
      d.reply?.({ response: { room: { owner_id: null } }, isDisposed: true }),
    );
    const recorded: RecordedMinute[] = [];
    broker.subscribe(ANALYTICS_SUBJECTS.record.subject, 'rooms', (d) => {
      recorded.push(...(JSON.parse(d.text).data as { minutes: RecordedMinute[] }).minutes);
      d.reply?.({ response: { rooms: 1 }, isDisposed: true });
    });
    const outbox = new MemoryUsageOutbox();
    // accounts-svc is away: what the quota was charged stays in the outbox, to be counted.
    const meter = new BusUsageMeter(bus, outbox);
    const analytics = new AnalyticsRelay(bus, 60_000, meter);
    const heard: number[] = [];
    meter.onUsage((usage) => heard.push(usage.tokens));

    meter.report(ROOM, 'interim', 120);
    meter.report(ROOM, 'summary', 0);

    await analytics.flush();
    expect(recorded.map((m) => m.tokens)).toEqual([{ interim: 120 }]);
    expect(heard).toEqual([120, 0]);
    expect(await eventually(() => outbox.count())).toBe(1);
    await meter.beforeApplicationShutdown();
  });
});
