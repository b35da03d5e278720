import { findLanguage, type LanguageCode } from '@lt/contracts';
import { SpeechRefusedError, type Speech, type SpeechProvider } from './speech-provider';

/**
 * Google Cloud Text-to-Speech `text:synthesize` with fixed settings (MP3, pitch 0, speaking rate 1, the
 * language's voice locale); the answer's `audioContent` is base64.
 */
export class GoogleTtsProvider implements SpeechProvider {
  readonly name = 'google' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  speaks(lang: LanguageCode): boolean {
    return Boolean(findLanguage(lang)?.voice);
  }

  async synthesize(text: string, lang: LanguageCode): Promise<Speech> {
    const languageCode = findLanguage(lang)?.voice;
    if (!languageCode) throw new SpeechRefusedError(`no Google voice for ${lang}`);
    const url = `${this.baseUrl.replace(/\/+$/, '')}/v1/text:synthesize`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': this.apiKey },
      body: JSON.stringify({
        input: { text },
        voice: { languageCode },
        audioConfig: { audioEncoding: 'MP3', pitch: 0, speakingRate: 1 },
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { audioContent?: string; error?: { message?: string; status?: string } };
    if (res.status === 403 || res.status === 401) throw new SpeechRefusedError(`speech provider refused the key (${res.status})`);
    if (res.status === 400)
      throw new SpeechRefusedError(`speech provider refused the request: ${body.error?.status ?? 'INVALID_ARGUMENT'}`);
    if (!res.ok) throw new Error(`speech provider answered ${res.status}`);
    if (!body.audioContent) throw new Error('speech provider answered without audio');
    return { audio: Buffer.from(body.audioContent, 'base64'), mime: 'audio/mpeg' };
  }
}
