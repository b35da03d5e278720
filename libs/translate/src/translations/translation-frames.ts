import {
  FAST_CAPTIONS_SUBJECTS,
  type LanguageCode,
  type StoredTranscript,
  type TranslationFallback,
  type TranslationFrame,
} from '@lt/contracts';
import type { Bus } from '@lt/platform';

/** A stored sentence with the text every language is translated from (improved, in Enhance Mode). */
export type SourcedTranscript = StoredTranscript & { enhanced?: boolean };

export function translationFrame(
  t: SourcedTranscript,
  lang: LanguageCode,
  text: string,
  fallback?: TranslationFallback | null,
): TranslationFrame {
  return {
    type: 'translation',
    messageId: t.messageId,
    seq: t.seq,
    lang,
    text,
    sourceLanguage: t.sourceLanguage,
    timestamp: t.timestamp,
    speakerId: t.speakerId,
    speakerName: t.speakerName,
    ...(fallback ? { fallback } : {}),
    ...(t.enhanced ? { enhanced: true } : {}),
  };
}

/**
 * The growing translation of a live sentence, published as `translation_partial` whenever it gained a whole
 * word (what follows the last space may still be half a word).
 */
export function partialPublisher(bus: Bus, t: SourcedTranscript, lang: LanguageCode): (text: string) => void {
  let sent = '';
  return (text) => {
    const cut = text.trimStart().search(/\s\S*$/);
    const words = cut > 0 ? text.trimStart().slice(0, cut).trimEnd() : '';
    if (!words || words === sent) return;
    sent = words;
    bus.emitToRoom(
      FAST_CAPTIONS_SUBJECTS.partial,
      { roomId: t.roomId, key: lang },
      {
        type: 'translation_partial',
        seq: t.seq,
        lang,
        text: words,
        messageId: t.messageId,
        sourceLanguage: t.sourceLanguage,
        timestamp: t.timestamp,
        speakerId: t.speakerId,
        speakerName: t.speakerName,
      },
    );
  };
}
