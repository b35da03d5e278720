// Text rules without a schema: the web uses them without loading zod.

/** Control characters (Unicode Cc: C0, DEL, C1) but tab, line feed and carriage return. */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

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
