import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useRetentionT } from '../../../i18n/useRetentionT';
import { saveFile } from '../../../lib/save-file';
import { useAuth } from '../../auth/hooks/useAuth';

export const ARCHIVE_PATH = '/api/account/archive';

/** Downloads the caller's archive, counting the bytes as they come, and saves it under the server's name. */
export function useDataArchive() {
  const { client } = useAuth();
  const t = useRetentionT();
  const [received, setReceived] = useState(0);
  const download = useMutation<number, Error>({
    mutationFn: async () => {
      setReceived(0);
      const file = await client.download(ARCHIVE_PATH, {}, setReceived);
      saveFile(file.blob, file.filename ?? t('archive.fileName'));
      return file.blob.size;
    },
  });
  return { download, received };
}

/** A size as people read it: 512 B, 3.4 kB, 12.5 MB. */
export function readableSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
