import { chunkTranslator } from './chunk-translator';
import { retentionEn } from './retention.en';
import { retentionEs } from './retention.es';

/** `useT` for the retention setting and the data archive: their own catalog first, then the app's. */
export const useRetentionT = chunkTranslator({ es: retentionEs, en: retentionEn });
