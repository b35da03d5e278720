import { Logger } from '@nestjs/common';
import {
  FAST_CAPTIONS_SUBJECTS,
  REALTIME,
  REVISION_SUBJECTS,
  TRANSLATE_SUBJECTS,
  type LanguageCode,
  type TranslationFrame,
} from '@lt/contracts';
import { Bus, checkPayload, type Unsubscribe } from '@lt/platform';
import { arrival, fanOut, writeCounted, writeSliced, type Arrival } from '../rooms/fan-out';
import type { LiveSocket } from '../connection/live-socket';
import { PartialThrottle } from './partial-throttle';
import { TranslationStream } from './translation-stream';

/** The longest wait between two requests for a translation that does not come. */
const MAX_TRANSLATION_WAIT_MS = 5_000;

const logger = new Logger('LanguageFeed');

/**
 * The translations of one room into one language, for this gateway's viewers reading it: subscribed while
 * they are there, written to them in seq order (the stream asks for what does not come), each write a span
 * of the translation's trace.
 */
export class LanguageFeed {
  private readonly stream: TranslationStream;
  private readonly unsubscribe: Unsubscribe;
  private readonly unsubscribeRevisions: Unsubscribe;
  private readonly unsubscribeProvisional: Unsubscribe[];
  private readonly partials: PartialThrottle;
  /** Translations received and not yet written to the viewers (the stream may hold them for order). */
  private readonly arrivals = new Map<number, Arrival>();
  /** Interim lines translated are written one after the other (each may take several turns of the event loop). */
  private interimWrites: Promise<void> = Promise.resolve();

  constructor(
    bus: Bus,
    roomId: string,
    private readonly lang: LanguageCode,
    lastSeq: number,
    viewers: Set<LiveSocket>,
    /** Called for each translation received, valid or not. */
    received: () => void,
    /** When a speaker's latest final sentence was said (its interim lines up to then are out of date). */
    finalAt: (speakerId: string) => string | undefined = () => undefined,
    /** How long a translation that is due may be missing before it is asked for. */
    waitMs: number = REALTIME.translationWaitMs,
  ) {
    // Provisional frames are encoded once and written a slice of the viewers at a time: a final goes first.
    this.partials = new PartialThrottle((seq, text) => {
      const frame = Buffer.from(text);
      return writeSliced('translation_partial', viewers, (viewer) => viewer.sendProvisional(seq, frame));
    });
    this.stream = new TranslationStream(lastSeq, {
      waitMs,
      maxWaitMs: Math.max(waitMs, MAX_TRANSLATION_WAIT_MS),
      // A replica that died with the request must not hold the stream for the bus's full timeout.
      fetch: (afterSeq, limit) =>
        bus.request(TRANSLATE_SUBJECTS.history, { roomId, lang, afterSeq, limit }, { timeoutMs: REALTIME.translationWaitMs }),
      deliver: (seq, text) => {
        const from = this.arrivals.get(seq);
        for (const key of this.arrivals.keys()) if (key <= seq) this.arrivals.delete(key);
        this.partials.finalized(seq);
        const attributes = { 'lt.room_id': roomId, 'lt.seq': seq, 'lt.lang': lang };
        // Encoded once here: each socket's write only frames it.
        const frame = Buffer.from(text);
        fanOut('translation', from, attributes, viewers, (viewer) => viewer.sendTranslation(seq, frame));
      },
      onFetchError: (e) => logger.warn(`missing ${lang} translations of room ${roomId} could not be fetched: ${(e as Error).message}`),
    });
    const route = TRANSLATE_SUBJECTS.ready;
    this.unsubscribe = bus.subscribe<unknown>(route.subject(roomId, lang), (payload, subject) => {
      received();
      const checked = checkPayload(route.payload, payload, subject);
      if ('problem' in checked) return logger.warn(`dropped: ${checked.problem}`);
      this.accept(checked.data);
    });
    // A line translated again with a new glossary: written as it comes, it replaces a line the viewers have.
    const revised = REVISION_SUBJECTS.revised;
    this.unsubscribeRevisions = bus.subscribe<unknown>(revised.subject(roomId, lang), (payload, subject) => {
      received();
      const checked = checkPayload(revised.payload, payload, subject);
      if ('problem' in checked) return logger.warn(`dropped: ${checked.problem}`);
      if (checked.data.lang !== lang) return;
      const text = Buffer.from(JSON.stringify(checked.data));
      writeCounted(checked.data.type, viewers, (viewer) => viewer.sendRaw(text));
    });
    // Fast captions: neither is stored nor in the seq promise; both stop once the final they lead to is known.
    this.unsubscribeProvisional = [
      bus.subscribe<unknown>(FAST_CAPTIONS_SUBJECTS.partial.subject(roomId, lang), (payload, subject) => {
        received();
        const checked = checkPayload(FAST_CAPTIONS_SUBJECTS.partial.payload, payload, subject);
        if ('problem' in checked) return logger.warn(`dropped: ${checked.problem}`);
        if (checked.data.lang !== lang) return;
        this.partials.offer(checked.data.seq, JSON.stringify(checked.data), (seq) => this.stream.hasFinal(seq));
      }),
      bus.subscribe<unknown>(FAST_CAPTIONS_SUBJECTS.interim.subject(roomId, lang), (payload, subject) => {
        received();
        const checked = checkPayload(FAST_CAPTIONS_SUBJECTS.interim.payload, payload, subject);
        if ('problem' in checked) return logger.warn(`dropped: ${checked.problem}`);
        const frame = checked.data;
        // A translation that comes back after its sentence's final is out of date: dropped, also while it waits its turn.
        const late = () => {
          const final = finalAt(frame.speakerId);
          return final !== undefined && Date.parse(frame.timestamp) <= Date.parse(final);
        };
        if (frame.lang !== lang || late()) return;
        const text = Buffer.from(JSON.stringify(frame));
        this.interimWrites = this.interimWrites.then(() =>
          late() ? undefined : writeSliced(frame.type, viewers, (viewer) => viewer.sendProvisional(0, text)),
        );
      }),
    ];
  }

  /** The room stored a sentence: its translation is due. */
  expect(seq: number): void {
    this.stream.expect(seq);
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeRevisions();
    for (const unsubscribe of this.unsubscribeProvisional) unsubscribe();
    this.partials.close();
    this.stream.close();
  }

  private accept(frame: TranslationFrame): void {
    if (frame.lang !== this.lang) return;
    if (frame.seq >= this.stream.awaiting) this.arrivals.set(frame.seq, arrival());
    this.stream.accept(frame);
  }
}
