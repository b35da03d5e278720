import { Inject, Injectable, Logger } from '@nestjs/common';
import OpenAI from 'openai';
import { findLanguage, LLM, type LanguageCode } from '@lt/contracts';
import type { TranslateEnv } from '../translate.env';

export const TRANSLATE_ENV = Symbol('TRANSLATE_ENV');

export class LlmUnavailableError extends Error {}

/** Chat-completion calls to any OpenAI-compatible server. The key stays on the server. */
@Injectable()
export class LlmClient {
  private readonly logger = new Logger('LlmClient');
  private readonly client: OpenAI | null;
  private readonly model: string;

  constructor(@Inject(TRANSLATE_ENV) env: TranslateEnv) {
    this.model = env.OPENAI_MODEL;
    const configured = Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);
    this.client = configured
      ? new OpenAI({
          apiKey: env.OPENAI_API_KEY ?? 'not-needed',
          baseURL: env.OPENAI_BASE_URL,
          maxRetries: LLM.retries,
          timeout: LLM.timeoutMs,
        })
      : null;
    if (!configured) this.logger.warn('No LLM configured (OPENAI_API_KEY / OPENAI_BASE_URL): viewers get the original text');
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** Translates with the spec's parameters; the answer is streamed and gathered. */
  async translate(text: string, from: LanguageCode, to: LanguageCode): Promise<string> {
    if (!this.client) throw new LlmUnavailableError('No translation provider is configured');
    const source = findLanguage(from);
    const target = findLanguage(to);
    const p = LLM.translation;
    const stream = await this.client.chat.completions.create({
      model: this.model,
      stream: true,
      temperature: p.temperature,
      max_tokens: Math.min(p.maxTokensCap, Math.ceil(p.maxTokensFactor * text.length)),
      messages: [
        {
          role: 'system',
          content:
            `You translate live speech at a conference. Translate the user's message from ` +
            `${source?.englishName} (${from}) to ${target?.englishName} (${to}). ` +
            'Answer with the translation only, without quotes, notes or explanations.',
        },
        { role: 'user', content: text },
      ],
    });
    let result = '';
    for await (const chunk of stream) result += chunk.choices[0]?.delta?.content ?? '';
    result = result.trim();
    if (!result) throw new Error('Empty translation result');
    return result;
  }
}
