import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/save-file';
import { useAuth } from '../../auth/hooks/useAuth';
import { exportTranscript, type TranscriptExport } from '../api/rooms.api';

/** Downloads a transcript export under the name the server gives it. */
export function useExportTranscript(roomId: string) {
  const { client } = useAuth();
  return useMutation<string, Error, Omit<TranscriptExport, 'timeZone'>>({
    mutationFn: async (options) => {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
      const file = await exportTranscript(roomId, { ...options, timeZone }, client.download);
      const filename = file.filename ?? `transcript-${roomId.slice(0, 8)}.${options.format}`;
      saveFile(file.blob, filename);
      return filename;
    },
  });
}
