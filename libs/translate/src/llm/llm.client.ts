import { Inject, Injectable, Logger } from '@nestjs/common';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { inSpan, productMetrics, SpanKind, type LlmTask } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { findLanguage, LLM, type LanguageCode } from '@lt/contracts';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { LlmLimiter, type LlmPriority } from '../limits/llm-limiter';
import { BadAnswerError, beforeDeadline, BudgetRefusedError, LimiterBusyError, LlmRateLimitedError, sleep } from './deadline';
import { holdFor, passing, rateLimitOf } from './llm-call-rules';
import { holdsQuestionTags, questionMessages } from './question-prompt';
import { checkTranslation, translationMessages, type ContextSentence } from './translation-prompt';

export class LlmUnavailableError extends Error {}

/** Attempts of one call: a passing failure (5xx, a dropped connection) is tried again while time is left. */
const ATTEMPTS = 3;
/** A retry is worth it only with this much time left before the deadline. */
const RETRY_MIN_LEFT_MS = 1_000;

export interface TranslateRequest {
  text: string;
  from: LanguageCode;
  to: LanguageCode;
  roomId: string;
  /** Epoch ms past which the answer is no use (the caller falls back). */
  deadlineAt: number;
  context?: ContextSentence[];
  /** The room glossary's part of the system prompt, when it has entries for this text. */
  glossary?: string;
  /** A live caption, or catch-up and exports (served after live captions when the provider's budget runs low). */
  priority: LlmPriority;
  /** An interim line (Fast captions) is metered as its own task. */
  task?: 'translation' | 'interim';
  /** Called as the answer streams in, with the text so far. */
  onText?: (text: string) => void;
}

/** What a caller follows of one streamed answer (its usage is the meter's record, `UsageMeter.onUsage`). */
type StreamHooks = Pick<TranslateRequest, 'onText'>;

interface Limits {
  temperature: number;
  maxTokensCap: number;
  maxTokensFactor: number;
}

/**
 * Chat-completion calls to any OpenAI-compatible server. The key stays on the server. No call waits longer
 * than its deadline: each attempt is aborted with an AbortSignal, and the SDK's own retries are off.
 */
@Injectable()
export class LlmClient {
  private readonly logger = new Logger('LlmClient');
  private readonly client: OpenAI | null;
  private readonly model: string;
  private readonly longDeadlineMs: number;

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    private readonly meter: UsageMeter,
    private readonly limiter: LlmLimiter,
  ) {
    this.model = env.OPENAI_MODEL;
    this.longDeadlineMs = env.LLM_LONG_DEADLINE_MS;
    const configured = Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);
    this.client = configured
      ? new OpenAI({
          apiKey: env.OPENAI_API_KEY ?? 'not-needed',
          baseURL: env.OPENAI_BASE_URL,
          maxRetries: 0,
          timeout: env.LLM_LONG_DEADLINE_MS,
        })
      : null;
    if (!configured) this.logger.warn('No LLM configured (OPENAI_API_KEY / OPENAI_BASE_URL): viewers get the original text');
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** A translation of the new sentence only, with the room's context and glossary; the answer is checked. */
  async translate(r: TranslateRequest): Promise<string> {
    const context = r.context ?? [];
    const { system, user } = translationMessages({ text: r.text, from: r.from, to: r.to, context, glossary: r.glossary });
    const answer = await this.ask(r.task ?? 'translation', r.priority, r.roomId, r.text, LLM.translation, r.deadlineAt, {
      system,
      user,
      unavailable: 'No translation provider is configured',
      empty: 'Empty translation result',
      hooks: { onText: r.onText },
    });
    return checkTranslation(answer, r.text, context);
  }

  /** A question from the audience, metered as a translation, after live captions in the provider's budget. */
  async translateQuestion(r: Pick<TranslateRequest, 'text' | 'from' | 'to' | 'roomId' | 'deadlineAt'>): Promise<string> {
    const { system, user } = questionMessages(r);
    const answer = await this.ask('translation', 'history', r.roomId, r.text, LLM.translation, r.deadlineAt, {
      system,
      user,
      unavailable: 'No translation provider is configured',
      empty: 'Empty translation result',
    });
    if (holdsQuestionTags(answer)) throw new BadAnswerError('the answer holds the question tags');
    return checkTranslation(answer, r.text, []);
  }

  /**
   * A summary, in `lang`, of what was said (the lines as that language's viewers read them), with the summary's
   * fixed parameters; the length of the input bounds the answer.
   */
  summarize(lines: string[], lang: LanguageCode, roomId: string, glossary?: string): Promise<string> {
    const target = findLanguage(lang);
    const p = LLM.summary;
    const input = lines.join('\n');
    return this.ask('summary', 'summary', roomId, input, p, Date.now() + this.longDeadlineMs, {
      system:
        `You summarise live speech at a conference for someone who missed it. Write in ${target?.englishName} (${lang}). ` +
        'Give the main points in a few short sentences or bullet points, without inventing anything that was not said.' +
        (glossary ? `\n\n${glossary}` : ''),
      user: input,
      unavailable: 'No summary provider is configured',
      empty: 'Empty summary result',
      extra: { top_p: p.topP, frequency_penalty: p.frequencyPenalty },
    });
  }

  /**
   * The transcript of a spoken sentence with recognition errors, punctuation and casing fixed, in the same
   * language and meaning (the enhancement's fixed parameters).
   */
  enhance(text: string, lang: LanguageCode, roomId: string, deadlineAt: number, glossary?: string): Promise<string> {
    const source = findLanguage(lang);
    return this.ask('enhancement', 'revision', roomId, text, LLM.enhancement, deadlineAt, {
      system:
        `You correct live speech-recognition transcripts in ${source?.englishName} (${lang}). Fix misheard words, ` +
        'punctuation and capitalisation; keep the language, the meaning and the wording otherwise. Answer with the corrected text only.' +
        (glossary ? `\n\n${glossary}` : ''),
      user: text,
      unavailable: 'No enhancement provider is configured',
      empty: 'Empty enhancement result',
    });
  }

  /** The latest moment a caller may wait for a long task (summaries, catch-up, exports). */
  longDeadline(): number {
    return Date.now() + this.longDeadlineMs;
  }

  /** One task's call: the task's temperature, a token cap that grows with the input, a system prompt and the input. */
  private ask(
    task: LlmTask,
    priority: LlmPriority,
    roomId: string,
    input: string,
    limits: Limits,
    deadlineAt: number,
    prompt: {
      system: string;
      user: string;
      unavailable: string;
      empty: string;
      extra?: { top_p?: number; frequency_penalty?: number };
      hooks?: StreamHooks;
    },
  ): Promise<string> {
    const client = this.client;
    if (!client) return Promise.reject(new LlmUnavailableError(prompt.unavailable));
    const params: ChatCompletionCreateParamsStreaming = {
      model: this.model,
      stream: true,
      temperature: limits.temperature,
      ...prompt.extra,
      max_tokens: Math.min(limits.maxTokensCap, Math.ceil(limits.maxTokensFactor * input.length)),
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
    };
    const tokens = Math.ceil((prompt.system.length + prompt.user.length) / 4) + (params.max_tokens ?? 0);
    const call = {
      task,
      priority,
      roomId,
      tokens,
      hold: holdFor(prompt.system.length + prompt.user.length, params.max_tokens ?? 0),
      hooks: prompt.hooks,
    };
    const work = this.withRetries(call, client, params, deadlineAt).then((text) => {
      if (!text) throw new Error(prompt.empty);
      return text;
    });
    return beforeDeadline(work, deadlineAt, `the ${task}`);
  }

  /**
   * Each attempt waits for a slot of the shared limits. A provider's 429 makes every replica back off for its
   * Retry-After, then the call is made again if that ends before the deadline. Passing failures are tried
   * again while the deadline leaves time; a refusal is not.
   */
  private async withRetries(
    call: { task: LlmTask; priority: LlmPriority; roomId: string; tokens: number; hold: number; hooks?: StreamHooks },
    client: OpenAI,
    params: ChatCompletionCreateParamsStreaming,
    deadlineAt: number,
  ): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      // Held before the call, against the owner's quota or the room's budget; settled by the usage reported.
      // Asked first, so that a call the room cannot pay for takes no slot of the provider from other rooms.
      const held = await this.meter.reserve(call.roomId, call.hold);
      if (held === null) throw new BudgetRefusedError(`the room has not the tokens for the ${call.task}`);
      const slot = await this.limiter.provide(call.tokens, call.priority, deadlineAt);
      if (slot !== 'granted') this.meter.release(held);
      if (slot === 'busy') throw new LimiterBusyError(`no language-model slot for the ${call.task} in time`);
      if (slot === 'rate_limited') throw new LlmRateLimitedError(0);
      try {
        return await this.stream(call.task, call.roomId, client, params, held, call.hooks);
      } catch (error) {
        const rateLimit = rateLimitOf(error);
        if (rateLimit) {
          await this.limiter.backOff(rateLimit.retryAfterMs);
          if (Date.now() + rateLimit.retryAfterMs >= deadlineAt) throw rateLimit;
          continue;
        }
        const wait = 200 * attempt;
        if (attempt >= ATTEMPTS || !passing(error) || deadlineAt - Date.now() - wait < RETRY_MIN_LEFT_MS) throw error;
        await sleep(wait);
      }
    }
  }

  /**
   * One streamed chat completion, gathered: a span with OpenTelemetry's GenAI attributes (the usage the
   * server reports in its last chunk), the calls and tokens counted by task, and the tokens charged to the
   * room (its owner's quota or its own budget), even when the answer comes too late to be used.
   */
  private stream(
    task: LlmTask,
    roomId: string,
    client: OpenAI,
    params: ChatCompletionCreateParamsStreaming,
    held: string,
    hooks: StreamHooks = {},
  ): Promise<string> {
    let reported = false;
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
        const signal = AbortSignal.timeout(this.longDeadlineMs);
        const stream = await client.chat.completions.create({ ...params, stream_options: { include_usage: true } }, { signal });
        let text = '';
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          text += delta;
          if (delta) hooks.onText?.(text);
          if (chunk.model) span.setAttribute('gen_ai.response.model', chunk.model);
          if (chunk.usage) {
            span.setAttributes({
              'gen_ai.usage.input_tokens': chunk.usage.prompt_tokens,
              'gen_ai.usage.output_tokens': chunk.usage.completion_tokens,
            });
            metrics.llmTokens.add(chunk.usage.prompt_tokens, { task, kind: 'input' });
            metrics.llmTokens.add(chunk.usage.completion_tokens, { task, kind: 'output' });
            // The one record of the call's usage, in the tick it is read: the quota's outbox row is written at once.
            this.meter.report(roomId, task, chunk.usage.prompt_tokens + chunk.usage.completion_tokens, held);
            reported = true;
          }
        }
        metrics.llmCalls.add(1, { task, outcome: 'ok' });
        return text.trim();
      } catch (error) {
        metrics.llmCalls.add(1, { task, outcome: rateLimitOf(error) ? 'rate_limited' : 'error' });
        throw error;
      } finally {
        if (!reported) this.meter.release(held);
      }
    });
  }
}

export { holdFor, rateLimitOf };
