import { useCallback, useContext } from 'react';
import type { MessageKey } from './es';
import { I18nContext, type Locale } from './i18n-context';
import { roomEn } from './room.en';
import { roomEs, type RoomCatalog, type RoomKey } from './room.es';
import { interpolate, translate, type TranslateParams } from './translate';

const ROOM_CATALOGS: Record<Locale, RoomCatalog> = { es: roomEs, en: roomEn };

export type RoomTranslate = (key: RoomKey | MessageKey, params?: TranslateParams) => string;

function isRoomKey(key: string): key is RoomKey {
  return key in roomEs;
}

/** `useT` for the host and speaker chunks: their own catalog first, then the app's. */
export function useRoomT(): RoomTranslate {
  const { locale } = useContext(I18nContext);
  return useCallback<RoomTranslate>(
    (key, params) => (isRoomKey(key) ? interpolate(ROOM_CATALOGS[locale][key], params, locale) : translate(locale, key, params)),
    [locale],
  );
}
