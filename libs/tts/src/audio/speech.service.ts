import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ORIGINAL_PREFIX,
  TRANSLATE_SUBJECTS,
  TtsErrorCode,
  type LanguageCode,
  type PurgeRoomsRequest,
  type SpeechRequest,
  type SpeechResponse,
} from '@lt/contracts';
import { Bus, DomainException, inSpan, productMetrics, SingleFlight, SpanKind } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { SPEECH_PROVIDER, SpeechRefusedError, type SpeechProvider } from '../providers/speech-provider';
import { AudioRepository } from './audio.repository';
import type { AudioEntity } from './audio.entity';

/** Attempts per synthesis: a passing failure (5xx, no audio, network) is tried again after 1 s, then 2 s. */
const ATTEMPTS = 3;
const FIRST_RETRY_MS = 1_000;

/**
 * Speech of a message in a language, made at most once whatever the number of listeners: concurrent askers
 * of one replica share the call, other replicas wait on the same database lock and find it made, later
 * askers read it stored. The text is what viewers of that language read (translate-svc's translation).
 */
@Injectable()
export class SpeechService {
  private readonly logger = new Logger('SpeechService');
  private readonly inflight = new SingleFlight<string, AudioEntity>();

  constructor(
    @Inject(SPEECH_PROVIDER) private readonly provider: SpeechProvider | null,
    private readonly audio: AudioRepository,
    private readonly bus: Bus,
    private readonly meter: UsageMeter,
  ) {}

  get configured(): boolean {
    return this.provider !== null;
  }

  async speak(request: SpeechRequest): Promise<SpeechResponse> {
    if (!this.provider) throw new DomainException(TtsErrorCode.NotConfigured, 'No speech provider is configured: use the browser voice');
    if (!this.provider.speaks(request.lang)) {
      throw new DomainException(TtsErrorCode.NoVoice, 'The speech provider has no voice for this language: use the browser voice');
    }
    const key = `${request.roomId}:${request.messageId}:${request.lang}`;
    const metrics = productMetrics();
    const stored = await this.audio.find(request);
    if (stored) {
      metrics.cacheHits.add(1, { cache: 'speech' });
      return toResponse(stored);
    }
    const provider = this.provider;
    const { promise, shared } = this.inflight.join(key, () => this.audio.onceFor(request, () => this.make(provider, request)));
    if (shared) metrics.cacheHits.add(1, { cache: 'speech' });
    return toResponse(await promise);
  }

  async purge(request: PurgeRoomsRequest): Promise<{ deleted: number }> {
    return { deleted: await this.audio.purgeRooms(request.roomIds, request.marks) };
  }

  private async make(provider: SpeechProvider, request: SpeechRequest): Promise<{ audio: AudioEntity; seq: number }> {
    if (!(await this.meter.allowed(request.roomId)))
      throw new DomainException(TtsErrorCode.QuotaExhausted, 'The token quota of this room is spent');
    productMetrics().cacheMisses.add(1, { cache: 'speech' });
    const { text, seq } = await this.textOf(request);
    const speech = await inSpan(
      `speech ${provider.name}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'lt.room_id': request.roomId,
          'lt.message_id': request.messageId,
          'lt.lang': request.lang,
          'lt.characters': text.length,
        },
      },
      () => this.withRetries(provider, text, request.lang),
    );
    // Speech providers charge by the character: that is what the room spends.
    this.meter.report(request.roomId, 'tts', text.length);
    const audio: AudioEntity = {
      roomId: request.roomId,
      messageId: request.messageId,
      lang: request.lang,
      mime: speech.mime,
      audio: speech.audio,
      characters: text.length,
      provider: provider.name,
      createdAt: new Date(),
    };
    return { audio, seq };
  }

  /** What the viewers of that language read, without the mark of an untranslated line. */
  private async textOf(request: SpeechRequest): Promise<{ text: string; seq: number }> {
    const frame = await this.bus.request(TRANSLATE_SUBJECTS.message, request);
    const text = (
      frame.fallback === 'original' && frame.text.startsWith(ORIGINAL_PREFIX) ? frame.text.slice(ORIGINAL_PREFIX.length) : frame.text
    ).trim();
    if (!text) throw new DomainException(TtsErrorCode.MessageNotFound, 'That message has no text to read');
    return { text, seq: frame.seq };
  }

  private async withRetries(provider: SpeechProvider, text: string, lang: LanguageCode) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await provider.synthesize(text, lang);
      } catch (error) {
        if (error instanceof SpeechRefusedError || attempt >= ATTEMPTS) {
          this.logger.warn(`speech synthesis failed: ${(error as Error).message}`);
          throw new DomainException(TtsErrorCode.SynthesisFailed, 'The speech provider could not read this message');
        }
        await new Promise((r) => setTimeout(r, FIRST_RETRY_MS * 2 ** (attempt - 1)));
      }
    }
  }
}

function toResponse(row: AudioEntity): SpeechResponse {
  return { mime: row.mime as SpeechResponse['mime'], audio: row.audio.toString('base64'), characters: row.characters };
}
