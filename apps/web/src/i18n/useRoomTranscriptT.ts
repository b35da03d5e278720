import { useCallback, useContext } from 'react';
import type { MessageKey } from './es';
import { roomTranscriptEn } from './room-transcript.en';
import { roomTranscriptEs, type RoomTranscriptCatalog, type RoomTranscriptKey } from './room-transcript.es';
import { I18nContext, type Locale } from './i18n-context';
import { interpolate, translate, type TranslateParams } from './translate';

const CATALOGS: Record<Locale, RoomTranscriptCatalog> = { es: roomTranscriptEs, en: roomTranscriptEn };

export type RoomTranscriptTranslate = (key: RoomTranscriptKey | MessageKey, params?: TranslateParams) => string;

function isRoomTranscriptKey(key: string): key is RoomTranscriptKey {
  return key in roomTranscriptEs;
}

/** `useT` for the room transcript (viewer and host pages): its own catalog first, then the app's. */
export function useRoomTranscriptT(): RoomTranscriptTranslate {
  const { locale } = useContext(I18nContext);
  return useCallback<RoomTranscriptTranslate>(
    (key, params) => (isRoomTranscriptKey(key) ? interpolate(CATALOGS[locale][key], params, locale) : translate(locale, key, params)),
    [locale],
  );
}
