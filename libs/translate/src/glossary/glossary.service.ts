import { Injectable, Logger } from '@nestjs/common';
import { GLOSSARY_SUBJECTS, type GlossaryEntry } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { entriesIn, NO_GLOSSARY, type AppliedGlossary } from './glossary-prompt';

/** A glossary read is on the live path: rooms-svc not answering at once is not waited for. */
const FETCH_TIMEOUT_MS = 700;
/** Glossaries kept; a change event drops a room's at once, this only bounds what a missed event costs. */
const MAX_ROOMS = 1_000;
const TTL_MS = 5 * 60_000;
/** After rooms-svc did not answer, the room is translated without glossary for this long before asking again. */
const RETRY_AFTER_FAILURE_MS = 10_000;

interface Held {
  version: number;
  entries: GlossaryEntry[];
  until: number;
}

/**
 * The room glossaries, asked of rooms-svc (which owns them) over the bus and kept in a small cache that a
 * `glossary changed` event empties for its room on every replica. When rooms-svc does not answer, the room
 * is translated without glossary (the caption matters more than the term) and that is logged once, until
 * a glossary can be read again.
 */
@Injectable()
export class GlossaryService {
  private readonly logger = new Logger('Glossary');
  private readonly held = new Map<string, Held>();
  private readonly pending = new Map<string, Promise<Held>>();
  /** Rooms whose glossary changed while it was being read: that read is used once, not kept. */
  private readonly changedWhileReading = new Set<string>();
  private failing = false;

  constructor(private readonly bus: Bus) {}

  /** The room's glossary entries that occur in `text`, with the glossary's version. */
  async forText(roomId: string, text: string): Promise<AppliedGlossary> {
    const glossary = await this.of(roomId);
    if (glossary.entries.length === 0) return { version: glossary.version, entries: [] };
    return { version: glossary.version, entries: entriesIn(glossary.entries, text) };
  }

  /** The room's glossary changed: the next translation reads the new one. */
  changed(roomId: string, version: number): void {
    const held = this.held.get(roomId);
    if (!held || held.version < version) this.held.delete(roomId);
    if (this.pending.has(roomId)) this.changedWhileReading.add(roomId);
  }

  private async of(roomId: string): Promise<Held> {
    const held = this.held.get(roomId);
    if (held && held.until > Date.now()) return held;
    let pending = this.pending.get(roomId);
    if (!pending) {
      pending = this.fetch(roomId).finally(() => this.pending.delete(roomId));
      this.pending.set(roomId, pending);
    }
    return pending;
  }

  private async fetch(roomId: string): Promise<Held> {
    let fetched: Held;
    try {
      const glossary = await this.bus.request(GLOSSARY_SUBJECTS.get, { roomId }, { timeoutMs: FETCH_TIMEOUT_MS });
      fetched = { version: glossary.version, entries: glossary.entries, until: Date.now() + TTL_MS };
      if (this.failing) this.logger.log('room glossaries can be read again');
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.logger.warn(`rooms-svc does not answer for glossaries (${(error as Error).message}): translating without glossary`);
      this.failing = true;
      fetched = { ...NO_GLOSSARY, until: Date.now() + RETRY_AFTER_FAILURE_MS };
    }
    if (this.changedWhileReading.delete(roomId)) return fetched;
    if (this.held.size >= MAX_ROOMS) this.held.delete(this.held.keys().next().value as string);
    this.held.set(roomId, fetched);
    return fetched;
  }
}
