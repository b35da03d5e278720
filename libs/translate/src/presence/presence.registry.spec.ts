import { BusListening, createInProcessBus } from '@lt/platform';
import { PresenceRegistry } from './presence.registry';

describe('PresenceRegistry', () => {
  const registry = () => new PresenceRegistry(createInProcessBus().bus, new BusListening());
  const room = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';

  it('unites the languages every gateway reports for a room', () => {
    const r = registry();
    r.update({ gatewayId: 'g1', roomId: room, langs: ['fr', 'de'], ttlMs: 30_000 });
    r.update({ gatewayId: 'g2', roomId: room, langs: ['fr', 'it'], ttlMs: 30_000 });
    expect(r.languagesFor(room).sort()).toEqual(['de', 'fr', 'it']);
    expect(r.languagesFor('other')).toEqual([]);
  });

  it('forgets a gateway that reports no viewers, or that stops refreshing', () => {
    const r = registry();
    const now = Date.now();
    r.update({ gatewayId: 'g1', roomId: room, langs: ['fr'], ttlMs: 1000 });
    r.update({ gatewayId: 'g2', roomId: room, langs: ['de'], ttlMs: 60_000 });
    expect(r.languagesFor(room, now + 5000)).toEqual(['de']);
    r.update({ gatewayId: 'g2', roomId: room, langs: [], ttlMs: 60_000 });
    expect(r.languagesFor(room)).toEqual([]);
  });
});
