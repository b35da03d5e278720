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
  },
};

/** Exports asked for without an interface language keep the Spanish they always had. */
export const DEFAULT_EXPORT_LOCALE: InterfaceLocale = 'es';
