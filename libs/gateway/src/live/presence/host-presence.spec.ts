import { LIVE_SUBJECTS, REALTIME, type HostPresenceEvent } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { HostPresence } from './host-presence';

const ROOM = '0b8f6d4e-3f0c-4c4e-9f3e-2a7d1c5b9e10';

describe('HostPresence', () => {
  it("forgets another gateway's host when that gateway stops saying so, and not before", () => {
    const hosts = new HostPresence(createInProcessBus().bus);
    const said: HostPresenceEvent = { roomId: ROOM, gatewayId: 'gw-killed', connected: true, ttlMs: REALTIME.presenceTtlMs };
    expect(hosts.onRemote(said, 'gw-here', 0)).toBe(true);
    expect(hosts.expire(REALTIME.presenceHeartbeatMs)).toEqual([]);
    // The heartbeat repeats it: the TTL runs from the last time it was said.
    expect(hosts.onRemote(said, 'gw-here', REALTIME.presenceHeartbeatMs)).toBe(false);
    expect(hosts.expire(REALTIME.presenceTtlMs)).toEqual([]);
    expect(hosts.connected(ROOM)).toBe(true);
    expect(hosts.expire(REALTIME.presenceHeartbeatMs + REALTIME.presenceTtlMs)).toEqual([ROOM]);
    expect(hosts.connected(ROOM)).toBe(false);
  });

  it('keeps the host of a gateway that says no TTL until that gateway says it left', () => {
    const hosts = new HostPresence(createInProcessBus().bus);
    hosts.onRemote({ roomId: ROOM, gatewayId: 'gw-old', connected: true }, 'gw-here', 0);
    expect(hosts.expire(10 * REALTIME.presenceTtlMs)).toEqual([]);
    expect(hosts.onRemote({ roomId: ROOM, gatewayId: 'gw-old', connected: false }, 'gw-here')).toBe(true);
  });

  it('says its own host again at every heartbeat, with a TTL', async () => {
    const { bus } = createInProcessBus();
    const heard: HostPresenceEvent[] = [];
    bus.subscribe<HostPresenceEvent>(LIVE_SUBJECTS.host.subject(ROOM), (event) => void heard.push(event));
    const hosts = new HostPresence(bus);
    hosts.hostJoined(ROOM, 'gw-here');
    hosts.refresh('gw-here');
    // The bus delivers on a later turn; on a busy machine, later still.
    for (let waited = 0; heard.length < 2 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([1, 2].map(() => ({ roomId: ROOM, gatewayId: 'gw-here', connected: true, ttlMs: REALTIME.presenceTtlMs })));
  });
});
