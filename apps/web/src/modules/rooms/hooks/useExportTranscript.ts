import { useMutation } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { saveFile } from '../../../lib/save-file';
import { useAuth } from '../../auth/hooks/useAuth';
import { exportTranscript, type TranscriptExport } from '../api/rooms.api';

/** Downloads a transcript export, labelled in the interface language, under the name the server gives it. */
export function useExportTranscript(roomId: string) {
  const { client } = useAuth();
  const { locale } = useLocale();
  const t = useT();
  return useMutation<string, Error, Omit<TranscriptExport, 'timeZone' | 'ui'>>({
    mutationFn: async (options) => {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
      const file = await exportTranscript(roomId, { ...options, timeZone, ui: locale }, client.download);
      const filename = file.filename ?? t('export.fileName', { id: roomId.slice(0, 8), ext: options.format });
      saveFile(file.blob, filename);
      return filename;
    },
  });
}
