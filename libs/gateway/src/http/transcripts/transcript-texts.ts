import type { ConfidenceLevel, InterfaceLocale } from '@lt/contracts';

/** The words of an exported transcript, in the interface language of the person who downloads it. */
export interface ExportTexts {
  room: string;
  date: string;
  duration: string;
  language: string;
  marker: string;
  notConfigured: string;
  /** The file name's first word: `{prefix}-{room}-{YYYY-MM-DD}.{ext}`. */
  filePrefix: string;
  confidence: Record<ConfidenceLevel, string>;
  /** The questions section: its marker, and the words of each question's line. */
  questions: { marker: string; votes: (n: number) => string; answered: string };
}

/** The same wording as the web's History screen in each language. */
export const EXPORT_TEXTS: Record<InterfaceLocale, ExportTexts> = {
  es: {
    room: 'Sala',
    date: 'Fecha',
    duration: 'Duración',
    language: 'Idioma',
    marker: '--- TRANSCRIPCIÓN ---',
    notConfigured: 'No configurado',
    filePrefix: 'transcripcion',
    confidence: { high: 'Alta confianza', medium: 'Confianza media', low: 'Baja confianza' },
    questions: { marker: '--- PREGUNTAS DEL PÚBLICO ---', votes: (n) => (n === 1 ? '1 voto' : `${n} votos`), answered: 'respondida' },
  },
  en: {
    room: 'Room',
    date: 'Date',
    duration: 'Duration',
    language: 'Language',
    marker: '--- TRANSCRIPT ---',
    notConfigured: 'Not configured',
    filePrefix: 'transcript',
    confidence: { high: 'High confidence', medium: 'Medium confidence', low: 'Low confidence' },
    questions: { marker: '--- AUDIENCE QUESTIONS ---', votes: (n) => (n === 1 ? '1 vote' : `${n} votes`), answered: 'answered' },
  },
};

/** Exports asked for without an interface language keep the Spanish they always had. */
export const DEFAULT_EXPORT_LOCALE: InterfaceLocale = 'es';
