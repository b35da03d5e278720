import {
  steadierText,
  type InterimTranslationFrame,
  type LanguageCode,
  type TranslationFrame,
  type TranslationPartialFrame,
} from '@lt/contracts';

/** A line on its way, in the viewer's language: neither stored nor announced, replaced by its final line. */
export interface ProvisionalLine {
  /** The seq of its final line (a partial), or 0 (an interim line translated). */
  seq: number;
  messageId: string;
  lang: LanguageCode;
  sourceLanguage: LanguageCode;
  speakerId: string;
  speakerName: string;
  timestamp: string;
  /** What is shown: never fewer words than before while the line grows. */
  text: string;
}

/**
 * Fast captions on the viewer's side: the growing translations of final sentences (by seq) and the translated
 * interim line of the sentence being spoken. What arrives out of date (after its final, or older than what is
 * shown) is ignored.
 */
export interface ProvisionalState {
  readonly partials: readonly ProvisionalLine[];
  readonly translated: ProvisionalLine | null;
  /** Per speaker, the timestamp (ms) of their latest sentence known final: their interim lines up to it are done. */
  readonly finalAt: Readonly<Record<string, number>>;
}

export const emptyProvisional: ProvisionalState = { partials: [], translated: null, finalAt: {} };

const at = (line: { timestamp: string }) => Date.parse(line.timestamp);

function line(frame: TranslationPartialFrame | InterimTranslationFrame, seq: number, text: string): ProvisionalLine {
  const { messageId, lang, sourceLanguage, speakerId, speakerName, timestamp } = frame;
  return { seq, messageId, lang, sourceLanguage, speakerId, speakerName, timestamp, text };
}

function finalSeen(state: ProvisionalState, frame: { speakerId: string; timestamp: string }): Record<string, number> {
  return { ...state.finalAt, [frame.speakerId]: Math.max(state.finalAt[frame.speakerId] ?? 0, at(frame)) };
}

/** The speaker's translated interim line, unless it belongs to a sentence that is final by now. */
function keepTranslated(translated: ProvisionalLine | null, frame: { speakerId: string; timestamp: string }) {
  return translated && translated.speakerId === frame.speakerId && at(translated) <= at(frame) ? null : translated;
}

export function acceptInterimTranslation(state: ProvisionalState, frame: InterimTranslationFrame, lang: LanguageCode | null) {
  if (frame.lang !== lang || at(frame) <= (state.finalAt[frame.speakerId] ?? 0)) return state;
  const shown = state.translated;
  const sameSpeaker = shown?.speakerId === frame.speakerId;
  if (shown && sameSpeaker && at(shown) > at(frame)) return state;
  const text = sameSpeaker ? steadierText(shown?.text, frame.text) : frame.text;
  return { ...state, translated: line(frame, 0, text) };
}

/**
 * A growing final translation: shown in place of its interim line (whose words it keeps until it has as many),
 * unless its final line is already there (`lastSeq`).
 */
export function acceptPartial(state: ProvisionalState, frame: TranslationPartialFrame, lang: LanguageCode | null, lastSeq: number) {
  if (frame.lang !== lang || frame.seq <= lastSeq) return state;
  const existing = state.partials.find((p) => p.seq === frame.seq);
  const carried = state.translated?.speakerId === frame.speakerId && at(state.translated) <= at(frame) ? state.translated.text : null;
  const text = steadierText(existing?.text ?? carried, frame.text);
  const partials = [...state.partials.filter((p) => p.seq !== frame.seq), line(frame, frame.seq, text)].sort((a, b) => a.seq - b.seq);
  return { partials, translated: keepTranslated(state.translated, frame), finalAt: finalSeen(state, frame) };
}

/** A final line came: its partial (and those before it) and its interim line go. */
export function acceptFinal(state: ProvisionalState, frame: TranslationFrame): ProvisionalState {
  const partials = state.partials.filter((p) => p.seq > frame.seq);
  const translated = keepTranslated(state.translated, frame);
  if (partials.length === state.partials.length && translated === state.translated && (state.finalAt[frame.speakerId] ?? 0) >= at(frame))
    return state;
  return { partials, translated, finalAt: finalSeen(state, frame) };
}
