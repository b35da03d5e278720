import type { LanguageCode, PublicRoomResponse, SummaryBody, SummaryResponse } from '@lt/contracts';
import { apiRequest } from '../../../lib/http';

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

/** What anyone holding the viewer link may know of a room; 404 for a room that does not exist. */
export function getPublicRoom(roomId: string): Promise<PublicRoomResponse> {
  return apiRequest<PublicRoomResponse>(`/api/view/${encodeURIComponent(roomId)}`);
}

export function requestSummary(roomId: string, body: SummaryBody): Promise<SummaryResponse> {
  return apiRequest<SummaryResponse>(`${roomPath(roomId)}/summary`, { method: 'POST', body: JSON.stringify(body) });
}

export function messageAudioPath(roomId: string, messageId: string, lang: LanguageCode): string {
  return `${roomPath(roomId)}/messages/${encodeURIComponent(messageId)}/audio?lang=${lang}`;
}
