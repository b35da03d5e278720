import { AudienceRegistry } from './audience.registry';

const ROOM = '5f0c2a8e-4a8d-4c35-9a55-0c6f4f1f3d11';
const T0 = Date.UTC(2026, 0, 1, 10, 0, 5);
const presence = (gatewayId: string, viewers: Record<string, number>, arrivals?: string[]) => ({
  gatewayId,
  roomId: ROOM,
  langs: Object.keys(viewers) as never[],
  ttlMs: 30_000,
  viewers,
  ...(arrivals ? { arrivals } : {}),
});

describe('AudienceRegistry', () => {
  it("adds up every gateway's viewers, keeps each minute's peak and forgets a gateway whose presence lapsed", () => {
    const audience = new AudienceRegistry();
    audience.update(presence('g1', { fr: 2 }, ['a', 'b']), T0);
    audience.update(presence('g2', { fr: 1, de: 1 }, ['c', 'a']), T0 + 1_000);
    expect(audience.now(ROOM, T0 + 2_000)).toEqual({ fr: 3, de: 1 });
    audience.update(presence('g1', {}), T0 + 3_000);
    expect(audience.now(ROOM, T0 + 3_000)).toEqual({ fr: 1, de: 1 });
    // g2 says it again at its heartbeat; the next minute counts it without any change, then it lapses.
    audience.update(presence('g2', { fr: 1, de: 1 }), T0 + 50_000);
    audience.sampleAll(T0 + 56_000);
    expect(audience.now(ROOM, T0 + 81_000)).toEqual({});

    const { peaks, arrivals } = audience.drain();
    expect(peaks).toEqual([
      { roomId: ROOM, minute: new Date(Date.UTC(2026, 0, 1, 10, 0)).toISOString(), viewers: { fr: 3, de: 1 }, total: 4 },
      { roomId: ROOM, minute: new Date(Date.UTC(2026, 0, 1, 10, 1)).toISOString(), viewers: { fr: 1, de: 1 }, total: 2 },
    ]);
    expect(arrivals).toEqual([{ roomId: ROOM, viewerIds: ['a', 'b', 'c'] }]);
    expect(audience.drain()).toEqual({ peaks: [], arrivals: [] });
  });

  it('counts at most so many new viewer ids per room between two writes, however many are invented', () => {
    const audience = new AudienceRegistry(3);
    audience.update(presence('g1', { fr: 1 }, ['a', 'b']), T0);
    audience.update(presence('g1', { fr: 1 }, ['b', 'c', 'd', 'e']), T0 + 1_000);
    expect(audience.drain().arrivals).toEqual([{ roomId: ROOM, viewerIds: ['a', 'b', 'c'] }]);
    audience.update(presence('g1', { fr: 1 }, ['f']), T0 + 61_000);
    expect(audience.drain().arrivals).toEqual([{ roomId: ROOM, viewerIds: ['f'] }]);
  });
});
