import { z } from 'zod';

/** Control characters (Unicode Cc: C0, DEL, C1) but tab, line feed and carriage return. */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * A string field of the API. PostgreSQL text cannot hold NUL, and the other control characters would only
 * garble what others read, so they are refused where input arrives, with a message naming the field.
 */
export const cleanText = (field: string) =>
  z.string().refine((value) => !hasControlCharacters(value), `${field} must not contain control characters`);

/** A room name as a file name part: ASCII letters and digits in lower case, words joined by `-`. */
export function sanitiseFileName(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return ascii || 'sala';
}
