import type { CreateRoomBody, CreateRoomResponse } from '@lt/contracts';
import { apiRequest } from '../../../lib/http';

export function createRoom(body: CreateRoomBody): Promise<CreateRoomResponse> {
  return apiRequest<CreateRoomResponse>('/api/rooms', { method: 'POST', body: JSON.stringify(body) });
}
