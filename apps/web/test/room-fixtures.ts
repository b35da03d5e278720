import type { CreateRoomResponse } from '@lt/contracts';
import { ROOM_ID } from './fake-socket';

/** What `POST /api/rooms` answers in web tests. */
export function makeCreatedRoom(name: string, ownerId: string | null = null): CreateRoomResponse {
  return {
    room: {
      id: ROOM_ID,
      owner_id: ownerId,
      name,
      source_language: null,
      status: 'scheduled',
      viewer_link: `http://localhost/view/${ROOM_ID}`,
      scheduled_at: null,
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-01T10:00:00.000Z',
    },
    hostKey: 'h'.repeat(43),
  };
}
