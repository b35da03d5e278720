import OpenAI from 'openai';
import type { LanguageCode } from '@lt/contracts';
import { SpeechRefusedError, type Speech, type SpeechProvider } from './speech-provider';

/** The speech endpoint of any OpenAI-compatible server (`audio.speech`), MP3. */
export class OpenAiTtsProvider implements SpeechProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly voice: string;

  constructor(options: { apiKey?: string; baseUrl?: string; model: string; voice: string }) {
    this.client = new OpenAI({ apiKey: options.apiKey ?? 'not-needed', baseURL: options.baseUrl, maxRetries: 0, timeout: 15_000 });
    this.model = options.model;
    this.voice = options.voice;
  }

  /** Its voices are multilingual: they read every language of the product. */
  speaks(): boolean {
    return true;
  }

  async synthesize(text: string, _lang: LanguageCode): Promise<Speech> {
    try {
      const res = await this.client.audio.speech.create({ model: this.model, voice: this.voice, input: text, response_format: 'mp3' });
      const audio = Buffer.from(await res.arrayBuffer());
      if (audio.length === 0) throw new Error('speech provider answered without audio');
      return { audio, mime: 'audio/mpeg' };
    } catch (error) {
      if (error instanceof OpenAI.APIError && (error.status === 400 || error.status === 401 || error.status === 403)) {
        throw new SpeechRefusedError(`speech provider refused the request (${error.status})`);
      }
      throw error;
    }
  }
}
