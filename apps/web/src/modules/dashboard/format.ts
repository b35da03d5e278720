import { findLanguage } from '@lt/contracts';

/** The history's date column: es-ES short date and time, whatever the interface language. */
const ES_SHORT = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short' });

export function shortDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : ES_SHORT.format(at);
}

export function localeDateTime(iso: string, locale: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function localeDate(iso: string, locale: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** A language code shown by its own name; null when none is set. */
export function languageName(code: string | null): string | null {
  if (!code) return null;
  return findLanguage(code)?.name ?? code;
}

/** The viewer link shortened to its path with the id cut to 8 characters, e.g. `/view/8a6f2a0e…`. */
export function shortViewerLink(roomId: string): string {
  return `/view/${roomId.slice(0, 8)}…`;
}
