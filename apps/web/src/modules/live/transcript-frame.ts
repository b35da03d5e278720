import { LIMITS, type HostLanguageCode, type TranscriptFrame } from '@lt/contracts';
import type { SpeechResult } from '../speech/speech-capture';

/** A recognised sentence as the socket takes it; `enhance` asks the server to improve finals (Enhance Mode). */
export function transcriptFrame(result: SpeechResult, language: HostLanguageCode, final: boolean, enhance: boolean): TranscriptFrame {
  return {
    type: 'transcript',
    messageId: result.messageId,
    text: result.text.slice(0, LIMITS.transcriptTextMax),
    sourceLanguage: language,
    timestamp: result.timestamp,
    confidence: Math.min(1, Math.max(0, result.confidence)),
    final,
    ...(final ? { enhance } : {}),
  };
}
