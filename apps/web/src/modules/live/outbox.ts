import { transcriptFrameSchema, type TranscriptFrame } from '@lt/contracts';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

export interface OutboxStore {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

const localStore: OutboxStore = { read: readStorage, write: writeStorage, remove: removeStorage };

/** `sender`: a speaker's outbox is its own, so one browser may host and speak in the same room. */
export function outboxStorageKey(roomId: string, sender?: string): string {
  return sender ? `lt.outbox.${roomId}.${sender}` : `lt.outbox.${roomId}`;
}

/**
 * Final transcripts the server has not acknowledged yet, in the order they were spoken.
 * Persisted per room so a reload or a crash does not lose what the host said.
 */
export class Outbox {
  private readonly key: string;
  private frames: TranscriptFrame[];

  constructor(
    roomId: string,
    private readonly store: OutboxStore = localStore,
    sender?: string,
  ) {
    this.key = outboxStorageKey(roomId, sender);
    this.frames = this.load();
  }

  list(): readonly TranscriptFrame[] {
    return this.frames;
  }

  get size(): number {
    return this.frames.length;
  }

  has(messageId: string): boolean {
    return this.frames.some((frame) => frame.messageId === messageId);
  }

  add(frame: TranscriptFrame): void {
    if (this.has(frame.messageId)) return;
    this.frames = [...this.frames, frame];
    this.save();
  }

  remove(messageId: string): boolean {
    const next = this.frames.filter((frame) => frame.messageId !== messageId);
    if (next.length === this.frames.length) return false;
    this.frames = next;
    this.save();
    return true;
  }

  private load(): TranscriptFrame[] {
    const raw = this.store.read(this.key);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!Array.isArray(parsed)) return [];
      return parsed.flatMap((item) => {
        const result = transcriptFrameSchema.safeParse(item);
        return result.success && result.data.final ? [result.data] : [];
      });
    } catch {
      return [];
    }
  }

  private save(): void {
    if (this.frames.length === 0) this.store.remove(this.key);
    else this.store.write(this.key, JSON.stringify(this.frames));
  }
}
