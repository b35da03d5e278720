import { HOST_KEY_HEADER, type AnalyticsReport, type LiveAnalytics } from '@lt/contracts';
import { apiRequest, type DownloadedFile } from '../../../lib/http';
import type { Downloader, Requester } from '../../rooms/api/rooms.api';

/** Who reads a room's analytics: the signed-in owner, or the host page holding the room's host key (in a header). */
export type AnalyticsCredential = { kind: 'session'; request: Requester } | { kind: 'hostKey'; hostKey: string };

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}/analytics`;

export const analyticsApi = {
  room: (roomId: string, request: Requester) => request<AnalyticsReport>(roomPath(roomId)),
  exportRoom: (roomId: string, download: Downloader): Promise<DownloadedFile> => download(`${roomPath(roomId)}.csv`),
  live: (roomId: string, credential: AnalyticsCredential) =>
    credential.kind === 'session'
      ? credential.request<LiveAnalytics>(`${roomPath(roomId)}/live`)
      : apiRequest<LiveAnalytics>(`${roomPath(roomId)}/live`, { headers: { [HOST_KEY_HEADER]: credential.hostKey } }),
  all: (request: Requester) => request<AnalyticsReport>('/api/admin/analytics'),
  exportAll: (download: Downloader): Promise<DownloadedFile> => download('/api/admin/analytics.csv'),
};
