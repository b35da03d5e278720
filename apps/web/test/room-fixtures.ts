import type { CreateRoomResponse, RoomResponse } from '@lt/contracts';
import { ROOM_ID } from './fake-socket';

/** A room as the owner's API answers it. */
export function makeRoom(overrides: Partial<RoomResponse> = {}): RoomResponse {
  const id = overrides.id ?? ROOM_ID;
  return {
    id,
    owner_id: null,
    name: 'Keynote',
    source_language: null,
    status: 'scheduled',
    viewer_link: `http://localhost/view/${id}`,
    scheduled_at: null,
    duration_minutes: 60,
    viewer_downloads: true,
    retention: 'keep',
    transcript_deleted_at: null,
    ended_at: null,
    fast_captions: true,
    questions_enabled: false,
    ended_allowance: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** What `POST /api/rooms` answers in web tests. */
export function makeCreatedRoom(name: string, ownerId: string | null = null): CreateRoomResponse {
  return { room: makeRoom({ name, owner_id: ownerId }), hostKey: 'h'.repeat(43) };
}
