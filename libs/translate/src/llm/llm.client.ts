import { Inject, Injectable, Logger } from '@nestjs/common';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { inSpan, productMetrics, SpanKind, UsageMeter, type LlmTask } from '@lt/platform';
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

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    private readonly meter: UsageMeter,
  ) {
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
  translate(text: string, from: LanguageCode, to: LanguageCode, roomId: string): Promise<string> {
    const source = findLanguage(from);
    const target = findLanguage(to);
    return this.ask('translation', roomId, text, LLM.translation, {
      system:
        `You translate live speech at a conference. Translate the user's message from ` +
        `${source?.englishName} (${from}) to ${target?.englishName} (${to}). ` +
        'Answer with the translation only, without quotes, notes or explanations.',
      unavailable: 'No translation provider is configured',
      empty: 'Empty translation result',
    });
  }

  /**
   * A summary, in `lang`, of what was said (the lines as that language's viewers read them), with the spec's
   * parameters; the length of the input bounds the answer.
   */
  summarize(lines: string[], lang: LanguageCode, roomId: string): Promise<string> {
    const target = findLanguage(lang);
    const p = LLM.summary;
    return this.ask('summary', roomId, lines.join('\n'), p, {
      system:
        `You summarise live speech at a conference for someone who missed it. Write in ${target?.englishName} (${lang}). ` +
        'Give the main points in a few short sentences or bullet points, without inventing anything that was not said.',
      unavailable: 'No summary provider is configured',
      empty: 'Empty summary result',
      extra: { top_p: p.topP, frequency_penalty: p.frequencyPenalty },
    });
  }

  /**
   * The transcript of a spoken sentence with recognition errors, punctuation and casing fixed, in the same
   * language and meaning (the spec's enhancement parameters).
   */
  enhance(text: string, lang: LanguageCode, roomId: string): Promise<string> {
    const source = findLanguage(lang);
    return this.ask('enhancement', roomId, text, LLM.enhancement, {
      system:
        `You correct live speech-recognition transcripts in ${source?.englishName} (${lang}). Fix misheard words, ` +
        'punctuation and capitalisation; keep the language, the meaning and the wording otherwise. Answer with the corrected text only.',
      unavailable: 'No enhancement provider is configured',
      empty: 'Empty enhancement result',
    });
  }

  /** One task's call: the spec's temperature, a token cap that grows with the input, a system prompt and the input. */
  private async ask(
    task: LlmTask,
    roomId: string,
    input: string,
    limits: { temperature: number; maxTokensCap: number; maxTokensFactor: number },
    prompt: { system: string; unavailable: string; empty: string; extra?: { top_p?: number; frequency_penalty?: number } },
  ): Promise<string> {
    if (!this.client) throw new LlmUnavailableError(prompt.unavailable);
    const result = await this.stream(task, roomId, this.client, {
      model: this.model,
      stream: true,
      temperature: limits.temperature,
      ...prompt.extra,
      max_tokens: Math.min(limits.maxTokensCap, Math.ceil(limits.maxTokensFactor * input.length)),
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: input },
      ],
    });
    if (!result) throw new Error(prompt.empty);
    return result;
  }

  /**
   * One streamed chat completion, gathered: a span with OpenTelemetry's GenAI attributes (the usage the
   * server reports in its last chunk), the calls and tokens counted by task, and the tokens charged to the
   * room (its owner's quota or its own budget).
   */
  private stream(task: LlmTask, roomId: string, client: OpenAI, params: ChatCompletionCreateParamsStreaming): Promise<string> {
    const metrics = productMetrics();
    const attributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': params.model,
      'gen_ai.request.temperature': params.temperature ?? 1,
      'gen_ai.request.max_tokens': params.max_tokens ?? 0,
      'lt.llm_task': task,
    };
    return inSpan(`chat ${params.model}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const stream = await client.chat.completions.create({ ...params, stream_options: { include_usage: true } });
        let text = '';
        for await (const chunk of stream) {
          text += chunk.choices[0]?.delta?.content ?? '';
          if (chunk.model) span.setAttribute('gen_ai.response.model', chunk.model);
          if (chunk.usage) {
            span.setAttributes({ 'gen_ai.usage.input_tokens': chunk.usage.prompt_tokens, 'gen_ai.usage.output_tokens': chunk.usage.completion_tokens });
            metrics.llmTokens.add(chunk.usage.prompt_tokens, { task, kind: 'input' });
            metrics.llmTokens.add(chunk.usage.completion_tokens, { task, kind: 'output' });
            this.meter.report(roomId, task, chunk.usage.prompt_tokens + chunk.usage.completion_tokens);
          }
        }
        metrics.llmCalls.add(1, { task, outcome: 'ok' });
        return text.trim();
      } catch (error) {
        metrics.llmCalls.add(1, { task, outcome: 'error' });
        throw error;
      }
    });
  }
}
