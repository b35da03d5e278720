import { z } from 'zod';
import type { LanguageCode } from '../languages';

export const roomStatusSchema = z.enum(['scheduled', 'active', 'ended']);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

/** A room as the API returns it (spec §3 `rooms`). */
export interface RoomResponse {
  id: string;
  owner_id: string | null;
  name: string;
  source_language: LanguageCode | null;
  status: RoomStatus;
  viewer_link: string;
  scheduled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** `POST /api/rooms` answer: the host key is returned this once only. */
export interface CreateRoomResponse {
  room: RoomResponse;
  hostKey: string;
}

/** `GET /api/view/:roomId`: what anyone holding the viewer link may know. */
export interface PublicRoomResponse {
  id: string;
  name: string;
  status: RoomStatus;
  source_language: LanguageCode | null;
}

/** 'Room ' plus the first 8 characters of the id when the trimmed name is empty (spec §3). */
export function defaultRoomName(id: string, name?: string | null): string {
  const trimmed = (name ?? '').trim();
  return trimmed.length > 0 ? trimmed : `Room ${id.slice(0, 8)}`;
}
