import type { CreateRoomBody, CreateRoomResponse } from '@lt/contracts';
import { apiRequest } from '../../../lib/http';

export type Requester = <T>(path: string, init?: RequestInit) => Promise<T>;

/** `request` carries the signed-in user's token, so the server can record the room's owner. */
export function createRoom(body: CreateRoomBody, request: Requester = apiRequest): Promise<CreateRoomResponse> {
  return request<CreateRoomResponse>('/api/rooms', { method: 'POST', body: JSON.stringify(body) });
}
