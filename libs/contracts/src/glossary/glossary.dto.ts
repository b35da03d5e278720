import { z } from 'zod';
import { LANGUAGES, languageCodeSchema, type LanguageCode } from '../languages';
import { hasControlCharacters } from '../text';
import { HOST_KEY_HEADER } from '../http/headers';
import { GLOSSARY_LIMITS, type GlossaryEntry } from './glossary.messages';

/**
 * What the HTTP API takes and answers for a room's glossary. The body's entries are checked one by one so
 * every error names its entry (1-based, as the editor and a spreadsheet number rows) and its field.
 */

export const glossaryBodySchema = z
  .object({
    entries: z
      .array(
        z.object({
          term: z.string(),
          keep: z.boolean(),
          translations: z.partialRecord(languageCodeSchema, z.string()).optional(),
          note: z.string().optional(),
        }),
      )
      .max(GLOSSARY_LIMITS.maxEntries),
  })
  .strict()
  .meta({ id: 'GlossaryBody' });

export const glossaryResponseSchema = z
  .object({
    room_id: z.uuid(),
    version: z.number().int().min(0).describe('Grows by one with every change; 0 for a room that never had a glossary'),
    entries: z.array(
      z.object({
        term: z.string(),
        keep: z.boolean(),
        translations: z.partialRecord(languageCodeSchema, z.string()),
        note: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'Glossary' });
export type GlossaryResponse = z.infer<typeof glossaryResponseSchema>;

export { HOST_KEY_HEADER } from '../http/headers';
export const hostKeySchema = z.string().min(16).max(200);
export const glossaryHeadersSchema = z.object({
  [HOST_KEY_HEADER]: hostKeySchema.optional().describe("The room's host key (the host page); the owner sends its session instead"),
});

export type GlossaryField = 'term' | 'keep' | 'note' | 'translations' | LanguageCode | 'entries';

export type GlossaryIssueCode =
  'required' | 'tooLong' | 'control' | 'keptWithTranslations' | 'needsTranslation' | 'duplicate' | 'tooMany' | 'invalid';

/**
 * One problem of one entry; `entry` is 1-based, 0 for the glossary as a whole. `code` and `params` let the web
 * app say it in the reader's language; `message` is the API's English.
 */
export interface GlossaryIssue {
  entry: number;
  field: GlossaryField;
  code: GlossaryIssueCode;
  params: Record<string, string | number>;
  message: string;
}

type Problem = Pick<GlossaryIssue, 'code' | 'params' | 'message'>;

/** What the web app shows for each field and the key it is stored under. */
export interface GlossaryDraftEntry {
  term: string;
  keep: boolean;
  translations: Partial<Record<LanguageCode, string>>;
  note?: string;
}

/** The case-insensitive form a term is compared in: "Kubernetes" and "kubernetes " are the same term. */
export function termKey(term: string): string {
  return term.trim().normalize('NFC').toLocaleLowerCase('und');
}

function textIssue(value: string, max: number, label: string, required: boolean): Problem | null {
  const trimmed = value.trim();
  if (required && trimmed === '') return { code: 'required', params: {}, message: `${label} is required` };
  if (trimmed.length > max) {
    return {
      code: 'tooLong',
      params: { max, length: trimmed.length },
      message: `${label} must be at most ${max} characters (it has ${trimmed.length})`,
    };
  }
  if (hasControlCharacters(value)) return { code: 'control', params: {}, message: `${label} must not contain control characters` };
  return null;
}

/**
 * Every problem of a glossary: lengths, a term without keep or translations, translations on a kept term,
 * and a term repeated (case-insensitively), reported on the later entry.
 */
export function glossaryIssues(entries: readonly GlossaryDraftEntry[]): GlossaryIssue[] {
  const issues: GlossaryIssue[] = [];
  const max = GLOSSARY_LIMITS.maxEntries;
  if (entries.length > max) {
    const message = `A glossary holds at most ${max} entries (this one has ${entries.length})`;
    issues.push({ entry: 0, field: 'entries', code: 'tooMany', params: { max, length: entries.length }, message });
  }
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    const entry = i + 1;
    const add = (field: GlossaryField, problem: Problem | null) => problem && issues.push({ entry, field, ...problem });
    add('term', textIssue(e.term, GLOSSARY_LIMITS.termMax, 'The term', true));
    const translated = LANGUAGES.filter((l) => (e.translations[l.code] ?? '').trim() !== '');
    for (const { code } of translated) {
      add(code, textIssue(e.translations[code] ?? '', GLOSSARY_LIMITS.translationMax, `The ${code} translation`, false));
    }
    if (e.keep && translated.length) {
      add(translated[0].code, { code: 'keptWithTranslations', params: {}, message: 'A term kept as it is takes no translations' });
    }
    if (!e.keep && !translated.length) {
      add('keep', { code: 'needsTranslation', params: {}, message: 'Keep the term as it is, or give at least one translation' });
    }
    add('note', textIssue(e.note ?? '', GLOSSARY_LIMITS.noteMax, 'The note', false));
    const key = termKey(e.term);
    if (key === '') return;
    const first = seen.get(key);
    const term = e.term.trim();
    if (first) add('term', { code: 'duplicate', params: { term, first }, message: `"${term}" repeats the term of entry ${first}` });
    else seen.set(key, entry);
  });
  return issues;
}

/** "Entry 3, term: …" — how an issue reads in an error message. */
export function describeGlossaryIssue(issue: GlossaryIssue): string {
  return issue.entry ? `Entry ${issue.entry}, ${issue.field}: ${issue.message}` : issue.message;
}

/** Entries as stored: trimmed, empty translations and notes dropped. */
export function normalizeGlossary(entries: readonly GlossaryDraftEntry[]): GlossaryEntry[] {
  return entries.map((e) => {
    const translations: Partial<Record<LanguageCode, string>> = {};
    if (!e.keep) {
      for (const { code } of LANGUAGES) {
        const value = e.translations[code]?.trim();
        if (value) translations[code] = value;
      }
    }
    const note = e.note?.trim();
    return { term: e.term.trim(), keep: e.keep, translations, ...(note ? { note } : {}) };
  });
}

export type GlossaryCheck = { ok: true; entries: GlossaryEntry[] } | { ok: false; issues: GlossaryIssue[] };

/** A body's entries as they will be stored, or every issue in them. */
export function checkGlossary(entries: readonly GlossaryDraftEntry[]): GlossaryCheck {
  const issues = glossaryIssues(entries);
  return issues.length ? { ok: false, issues } : { ok: true, entries: normalizeGlossary(entries) };
}

/** A request body checked whole: its shape first (each problem named by entry and field), then its content. */
export function parseGlossaryBody(body: unknown): GlossaryCheck {
  const parsed = glossaryBodySchema.safeParse(body);
  if (parsed.success) return checkGlossary(parsed.data.entries.map((e) => ({ ...e, translations: e.translations ?? {} })));
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => {
      const [, index, field, key] = issue.path.map(String);
      if (index === undefined || !/^\d+$/.test(index))
        return { entry: 0, field: 'entries', code: 'invalid' as const, params: {}, message: issue.message };
      const named = (field === 'translations' && key ? key : (field ?? 'entries')) as GlossaryField;
      const message =
        issue.code === 'invalid_key'
          ? `Translations are keyed by language code (${LANGUAGES.map((l) => l.code).join(', ')})`
          : issue.message;
      return { entry: Number(index) + 1, field: named, code: 'invalid' as const, params: {}, message };
    }),
  };
}

/**
 * The body as the gateway validates it: the entries as they will be stored, or a ZodError whose issues each
 * name the entry and field (`Entry 3, term: …`) at the path `entries.<index>.<field>`.
 */
export const glossaryReplaceBodySchema = z.unknown().transform((body, ctx) => {
  const checked = parseGlossaryBody(body);
  if (checked.ok) return checked.entries;
  for (const issue of checked.issues) {
    const path = issue.entry ? ['entries', issue.entry - 1, issue.field] : ['entries'];
    ctx.addIssue({ code: 'custom', path, message: describeGlossaryIssue(issue), input: body });
  }
  return z.NEVER;
});
