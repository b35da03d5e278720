// Room creation over HTTP, as the landing page does it.
import http from 'k6/http';

/**
 * `POST /api/rooms` with the deployment's own Origin (state-changing calls from other origins are refused).
 * Fails the run at once when the room cannot be made: nothing else would mean anything.
 */
export function createRoom(config, name) {
  const res = http.post(`${config.baseUrl}/api/rooms`, JSON.stringify({ name }), {
    headers: { 'content-type': 'application/json', origin: config.origin },
    tags: { name: 'POST /api/rooms' },
  });
  if (res.status !== 201) {
    throw new Error(
      `POST /api/rooms answered ${res.status}: ${String(res.body).slice(0, 300)} (ROOM_CREATE_BURST reached, or not the product at BASE_URL?)`,
    );
  }
  const body = res.json();
  return { roomId: body.room.id, hostKey: body.hostKey };
}
