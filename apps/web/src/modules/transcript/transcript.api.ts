import {
  HOST_KEY_HEADER,
  type InterfaceLocale,
  type LanguageCode,
  type TranscriptFormat,
  type ViewerTranscriptResponse,
} from '@lt/contracts';
import { clientIdHeaders } from '../../lib/client-id';
import { apiDownload, apiRequest, type DownloadedFile } from '../../lib/http';
import { dateLocale } from '../dashboard/format';

/** Who asks: a viewer (its client id, by which the server counts its share), or the host with its key too. */
function headersOf(hostKey: string | null): Record<string, string> {
  return { ...clientIdHeaders(), ...(hostKey ? { [HOST_KEY_HEADER]: hostKey } : {}) };
}

function transcriptPath(roomId: string, suffix: string, query: Record<string, string | null>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== null));
  const search = params.toString();
  return `/api/view/${encodeURIComponent(roomId)}/transcript${suffix}${search ? `?${search}` : ''}`;
}

/** Every line the room stored, in `lang` (as spoken when null). */
export function getRoomTranscript(roomId: string, lang: LanguageCode | null, hostKey: string | null): Promise<ViewerTranscriptResponse> {
  return apiRequest<ViewerTranscriptResponse>(transcriptPath(roomId, '', { lang }), { headers: headersOf(hostKey) });
}

/**
 * The transcript as a file, its times in this browser's time zone and written as the page writes them (its date
 * locale: 12-hour for an en-US reader), its labels and name in the interface language `ui`.
 */
export function downloadRoomTranscript(
  roomId: string,
  format: TranscriptFormat,
  lang: LanguageCode | null,
  hostKey: string | null,
  ui: InterfaceLocale,
): Promise<DownloadedFile> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return apiDownload(transcriptPath(roomId, `.${format}`, { lang, tz, ui, locale: dateLocale(ui) }), { headers: headersOf(hostKey) });
}
