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
