import { findLanguage } from '@lt/contracts';

/**
 * The locale dates and times are written in: the browser's own variant of the interface language (an en-US
 * browser reads "Nov 28, 2026, 10:00 AM", an en-GB one "28 Nov 2026, 10:00"), else the interface language.
 */
export function dateLocale(locale: string): string {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.find((tag) => tag.split('-')[0].toLowerCase() === locale.split('-')[0].toLowerCase()) ?? locale;
}

/** Every date and time of the dashboard (History, Scheduled, Home) as one format. */
export function localeDateTime(iso: string, locale: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString(dateLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });
}

export function localeDate(iso: string, locale: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleDateString(dateLocale(locale), { dateStyle: 'medium' });
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
