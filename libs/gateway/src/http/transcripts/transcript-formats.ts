import {
  sanitiseFileName,
  type ConfidenceLevel,
  type InterfaceLocale,
  type RoomResponse,
  type TextDirection,
  type TranscriptFormat,
} from '@lt/contracts';
import { DEFAULT_EXPORT_LOCALE, EXPORT_TEXTS } from './transcript-texts';

export { sanitiseFileName };

/** One line of an exported transcript, in the language of the export. */
export interface ExportLine {
  timestamp: string;
  /** Written before the line in the .txt; null writes none (a viewer's copy says only where recognition was unsure). */
  confidence: ConfidenceLevel | null;
  text: string;
}

/** A question from the audience, in the language of the export. */
export interface ExportQuestion {
  timestamp: string;
  votes: number;
  answered: boolean;
  text: string;
}

export interface ExportInput {
  room: Pick<RoomResponse, 'name' | 'created_at' | 'updated_at'>;
  /** The language line of the header, e.g. `Español (es)`. */
  language: string;
  /** IANA time zone of every date and time written. */
  tz: string;
  /** The direction of the lines' language (right to left for Arabic, Hebrew, Persian, Urdu). */
  dir?: TextDirection;
  lines: ExportLine[];
  /** Questions from the audience (hidden ones are not there): a section of their own after the transcript. */
  questions?: ExportQuestion[];
  /** The interface language of the labels and the file name (Spanish when absent). */
  ui?: InterfaceLocale;
  /** The reader's page's locale: the .txt's date and times as that page writes them; fixed 24-hour forms when absent. */
  locale?: string;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** The dashboard's confidence badges, in Spanish. */
export const CONFIDENCE_LABELS: Record<ConfidenceLevel, string> = EXPORT_TEXTS.es.confidence;

export const TRANSCRIPT_MARKER = EXPORT_TEXTS.es.marker;

/** A cue lasts until the next message, and never longer than this. */
export const MAX_CUE_MS = 7_000;

const CONTENT_TYPES: Record<TranscriptFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

interface LocalTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall-clock fields of an instant in a time zone, from numbers only (no locale wording can change them). */
export function localTime(iso: string, tz: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** A duration as the History screen writes it, `N min` under an hour, else `Hh Mm`; `N s` under a minute. */
export function formatDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes === 0) return `${seconds} s`;
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** From the room's creation to its last change or its last line, whichever is later (a live room keeps talking). */
function roomSpan(input: ExportInput): [string, string] {
  const last = input.lines.at(-1)?.timestamp;
  const end = last && Date.parse(last) > Date.parse(input.room.updated_at) ? last : input.room.updated_at;
  return [input.room.created_at, end];
}

/**
 * `transcripcion-{sanitised room name}-{YYYY-MM-DD of the room's creation in tz}.{ext}`; in English
 * `transcript-…`.
 */
export function exportFileName(
  room: ExportInput['room'],
  tz: string,
  format: TranscriptFormat,
  ui: InterfaceLocale = DEFAULT_EXPORT_LOCALE,
): string {
  const t = localTime(room.created_at, tz);
  return `${EXPORT_TEXTS[ui].filePrefix}-${sanitiseFileName(room.name)}-${t.year}-${t.month}-${t.day}.${format}`;
}

/**
 * Right-to-left text in files that have no markup for it. A text file's lines start with a left-to-right time and
 * label, so a right-to-left message goes in an isolate (RLI … PDI): it reads right to left inside the line, and
 * its neutral characters (digits, brackets, punctuation) cannot jump across the label. A subtitle cue is the
 * message alone, so a RIGHT-TO-LEFT MARK first makes the whole cue a right-to-left paragraph even when it starts
 * with digits or a Latin word, which players (and WebVTT's own rule: the first strong character) honour.
 */
export const BIDI = { rli: '\u2067', pdi: '\u2069', rlm: '\u200f' } as const;

export const isolate = (text: string, dir: TextDirection = 'ltr') => (dir === 'rtl' ? `${BIDI.rli}${text}${BIDI.pdi}` : text);
const cueLine = (text: string, dir: TextDirection) => (dir === 'rtl' ? `${BIDI.rlm}${text}` : text);

/**
 * A message's time as the reader's page shows it (`05:17:03 PM` for en-US, `17:17:03` for es-ES) when its locale
 * is known, else `HH:mm:ss`; in `tz` either way.
 */
function timeOf(iso: string, { tz, locale }: Pick<ExportInput, 'tz' | 'locale'>): string {
  if (locale)
    return new Intl.DateTimeFormat(locale, { timeZone: tz, hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));
  const t = localTime(iso, tz);
  return `${t.hour}:${t.minute}:${t.second}`;
}

/** The room's date and time in the header: as the reader's page writes them, else `DD/MM/YYYY HH:mm`. */
function dateOf(iso: string, { tz, locale }: Pick<ExportInput, 'tz' | 'locale'>): string {
  if (locale) return new Intl.DateTimeFormat(locale, { timeZone: tz, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  const t = localTime(iso, tz);
  return `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}`;
}

/** A message on one line: a line break inside it would end a cue, or read as a new message. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * The plain-text export, UTF-8, documented in docs/api.md: a header, a marker line, then one message per
 * paragraph with its time and confidence:
 *
 *     Sala: {name}
 *     Fecha: {DD/MM/YYYY HH:mm} ({tz})
 *     Duración: {N s | N min | Hh Mm}
 *     Idioma: {language}
 *
 *     --- TRANSCRIPCIÓN ---
 *
 *     [HH:mm:ss] (Alta confianza) text
 *
 *     [HH:mm:ss] (Confianza media) text
 *
 * A line without a confidence (a viewer's copy of a line recognised with confidence) is `[HH:mm:ss] text`.
 *
 * The labels are in the interface language `ui` (Room, Date, Duration, Language, TRANSCRIPT, High confidence…);
 * with the reader's `locale`, the date and times are written as the reader's page writes them (`05:17:03 PM`).
 */
export function formatTxt(input: ExportInput): string {
  const texts = EXPORT_TEXTS[input.ui ?? DEFAULT_EXPORT_LOCALE];
  const header = [
    `${texts.room}: ${oneLine(input.room.name)}`,
    `${texts.date}: ${dateOf(input.room.created_at, input)} (${input.tz})`,
    `${texts.duration}: ${formatDuration(...roomSpan(input))}`,
    `${texts.language}: ${input.language}`,
  ];
  const messages = input.lines.map(
    (line) =>
      `[${timeOf(line.timestamp, input)}] ${line.confidence ? `(${texts.confidence[line.confidence]}) ` : ''}${isolate(oneLine(line.text), input.dir)}`,
  );
  return (
    [...header, '', texts.marker, ...(messages.length ? ['', messages.join('\n\n')] : []), ...questionSection(input)].join('\n') + '\n'
  );
}

/** `[HH:mm:ss] (N votes, answered) text` for each question, oldest first. */
type QuestionsOf = Pick<ExportInput, 'questions' | 'tz' | 'ui' | 'locale'>;

function questionLines(input: QuestionsOf & Pick<ExportInput, 'dir'>): string[] {
  const texts = EXPORT_TEXTS[input.ui ?? DEFAULT_EXPORT_LOCALE].questions;
  return (input.questions ?? []).map((q) => {
    const label = [texts.votes(q.votes), ...(q.answered ? [texts.answered] : [])].join(', ');
    return `[${timeOf(q.timestamp, input)}] (${label}) ${isolate(oneLine(q.text), input.dir)}`;
  });
}

/** The plain-text export's questions: a marker line, then one question per paragraph; nothing without questions. */
function questionSection(input: QuestionsOf & Pick<ExportInput, 'dir'>): string[] {
  const lines = questionLines(input);
  if (lines.length === 0) return [];
  return ['', EXPORT_TEXTS[input.ui ?? DEFAULT_EXPORT_LOCALE].questions.marker, '', lines.join('\n\n')];
}

interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

/** Cues from the message times relative to the first message; each until the next one, at most 7 s. */
export function cues(lines: ExportLine[]): Cue[] {
  if (lines.length === 0) return [];
  const origin = Date.parse(lines[0].timestamp);
  const starts = lines.map((l) => Math.max(0, Date.parse(l.timestamp) - origin));
  return lines.map((line, i) => {
    const next = starts[i + 1];
    const endMs = Math.min(starts[i] + MAX_CUE_MS, next === undefined ? Infinity : Math.max(next, starts[i]));
    return { startMs: starts[i], endMs, text: oneLine(line.text) };
  });
}

function clock(ms: number, separator: ',' | '.'): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line between cues. */
export function formatSrt(lines: ExportLine[], dir: TextDirection = 'ltr'): string {
  return cues(lines)
    .map((cue, i) => `${i + 1}\n${clock(cue.startMs, ',')} --> ${clock(cue.endMs, ',')}\n${cueLine(cue.text, dir)}\n`)
    .join('\n');
}

/** WebVTT cue text: `&`, `<` and `>` are markup there, so they are written as entities. */
const vttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * WebVTT: the `WEBVTT` line, then numbered cues, `HH:MM:SS.mmm --> HH:MM:SS.mmm`; the audience's questions, when
 * there are, in a NOTE block at the end (players skip it; it cannot hold `-->` nor a blank line).
 */
export function formatVtt(lines: ExportLine[], dir: TextDirection = 'ltr', asked?: QuestionsOf): string {
  const body = cues(lines).map(
    (cue, i) => `${i + 1}\n${clock(cue.startMs, '.')} --> ${clock(cue.endMs, '.')}\n${cueLine(vttText(cue.text), dir)}\n`,
  );
  const questions = asked ? questionLines({ ...asked, dir }).map((line) => line.replace(/-->/g, '->')) : [];
  const marker = EXPORT_TEXTS[asked?.ui ?? DEFAULT_EXPORT_LOCALE].questions.marker;
  const note = questions.length ? [`NOTE ${marker}\n${questions.join('\n')}\n`] : [];
  return ['WEBVTT\n', ...body, ...note].join('\n');
}

export function formatExport(format: TranscriptFormat, input: ExportInput): ExportFile {
  const body =
    format === 'txt' ? formatTxt(input) : format === 'srt' ? formatSrt(input.lines, input.dir) : formatVtt(input.lines, input.dir, input);
  return { fileName: exportFileName(input.room, input.tz, format, input.ui), contentType: CONTENT_TYPES[format], body };
}
