import type { LanguageCode, PublicRoomResponse, SummaryBody, SummaryResponse } from '@lt/contracts';
import { clientIdHeaders } from '../../../lib/client-id';
import { apiRequest } from '../../../lib/http';

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

/** What anyone holding the viewer link may know of a room; 404 for a room that does not exist. */
export function getPublicRoom(roomId: string): Promise<PublicRoomResponse> {
  return apiRequest<PublicRoomResponse>(`/api/view/${encodeURIComponent(roomId)}`);
}

export function requestSummary(roomId: string, body: SummaryBody): Promise<SummaryResponse> {
  return apiRequest<SummaryResponse>(`${roomPath(roomId)}/summary`, {
    method: 'POST',
    headers: clientIdHeaders(),
    body: JSON.stringify(body),
  });
}

/** A message read aloud: fetched with this browser's id, by which the server counts its share. */
export function fetchMessageAudio(roomId: string, messageId: string, lang: LanguageCode): Promise<Response> {
  return fetch(messageAudioPath(roomId, messageId, lang), { headers: clientIdHeaders() });
}

function messageAudioPath(roomId: string, messageId: string, lang: LanguageCode): string {
  return `${roomPath(roomId)}/messages/${encodeURIComponent(messageId)}/audio?lang=${lang}`;
}
