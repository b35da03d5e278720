import { openAiRealtimeUrl, type AsrEnv } from '../asr.env';
import { DeepgramRecognizer } from './deepgram.recognizer';
import { OpenAiRealtimeRecognizer } from './openai-realtime.recognizer';
import type { Recognizer } from './recognizer';

const invalid = (line: string) => new Error(`Invalid configuration:\n  ${line}`);

/** The recognizer ASR_PROVIDER names, or none (speech is then recognised in browsers only). */
export function recognizerFrom(env: AsrEnv): Recognizer | null {
  switch (env.ASR_PROVIDER) {
    case 'deepgram':
      if (!env.DEEPGRAM_API_KEY) throw invalid('DEEPGRAM_API_KEY: required when ASR_PROVIDER is deepgram');
      return new DeepgramRecognizer({ url: env.DEEPGRAM_URL, apiKey: env.DEEPGRAM_API_KEY, model: env.DEEPGRAM_MODEL });
    case 'openai':
      if (!env.OPENAI_API_KEY) throw invalid('OPENAI_API_KEY: required when ASR_PROVIDER is openai');
      return new OpenAiRealtimeRecognizer('openai', {
        url: openAiRealtimeUrl(env),
        apiKey: env.OPENAI_API_KEY,
        model: env.ASR_OPENAI_MODEL,
      });
    case 'openai-compatible':
      if (!env.ASR_OPENAI_URL && !env.OPENAI_BASE_URL) throw invalid('ASR_OPENAI_URL: required when ASR_PROVIDER is openai-compatible');
      return new OpenAiRealtimeRecognizer('openai-compatible', {
        url: openAiRealtimeUrl(env),
        apiKey: env.OPENAI_API_KEY,
        model: env.ASR_OPENAI_MODEL,
      });
    case 'none':
      return null;
  }
}
