import { useMutation } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { useAuth } from '../../auth/hooks/useAuth';
import { exportTranscript, type TranscriptExport } from '../api/rooms.api';

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
