import type { INestApplication } from '@nestjs/common';
import { ROOMS_SUBJECTS } from '@lt/contracts';
import type { Bus } from '@lt/platform';
import { minuteOf } from '@lt/usage';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { AnalyticsService } from '../analytics/analytics.service';
import { startRoomsApp, type RoomsTestApp } from './rooms-test-app';

const MINUTE = 60_000;

describe('viewer-minutes of an ended room', () => {
  let rooms: RoomsTestApp | undefined;
  let app: INestApplication;
  let bus: Bus;

  beforeAll(async () => {
    rooms = await startRoomsApp();
    ({ app, bus } = rooms);
  });

  afterAll(() => rooms?.close());

  it('stop after the minute it ended in while tabs stay open, and count again once it is opened again', async () => {
    const { room, hostKey } = await bus.request(ROOMS_SUBJECTS.createRoom, { name: 'Ends', origin: 'https://rooms.example' });
    await bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'active', sourceLanguage: 'es' });
    await bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'ended' });
    const repository = app.get(AnalyticsRepository);
    const now = Date.now();
    const peak = (at: number, n: number) => ({ roomId: room.id, minute: minuteOf(at), viewers: { ja: n }, total: n });

    // The minute it ended in, and two minutes of presence from tabs left open after.
    await repository.write([], [peak(now, 1), peak(now + MINUTE, 1), peak(now + 2 * MINUTE, 1)]);
    const analytics = app.get(AnalyticsService);
    const viewed = async () => (await analytics.room(room.id, { hostKey })).points.filter((p) => (p.viewers.ja ?? 0) > 0).map((p) => p.at);
    expect(await viewed()).toEqual([minuteOf(now)]);

    await bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'active' });
    await repository.write([], [peak(now + 3 * MINUTE, 2)]);
    expect(await viewed()).toEqual([minuteOf(now), minuteOf(now + 3 * MINUTE)]);
  });
});
