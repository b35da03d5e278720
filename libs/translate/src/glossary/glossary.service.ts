import { Injectable, Logger } from '@nestjs/common';
import { GLOSSARY_SUBJECTS, type GlossaryEntry } from '@lt/contracts';
import { Bus, ExpiringMap, type FetchedEntry } from '@lt/platform';
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
  /** Glossaries read, and those being read: a read under way when its glossary changes is used once, not kept. */
  private readonly held = new ExpiringMap<string, Held>({ max: MAX_ROOMS, ttlMs: TTL_MS });
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
    // A glossary being read (none held yet) is dropped too: its read is used once, not kept.
    const held = this.held.get(roomId);
    if (!held || held.version < version) this.held.delete(roomId);
  }

  private of(roomId: string): Promise<Held> {
    return this.held.fetch(roomId, (entry) => this.read(roomId, entry));
  }

  private async read(roomId: string, entry: FetchedEntry): Promise<Held> {
    try {
      const glossary = await this.bus.request(GLOSSARY_SUBJECTS.get, { roomId }, { timeoutMs: FETCH_TIMEOUT_MS });
      if (this.failing) this.logger.log('room glossaries can be read again');
      this.failing = false;
      return { version: glossary.version, entries: glossary.entries };
    } catch (error) {
      if (!this.failing)
        this.logger.warn(`rooms-svc does not answer for glossaries (${(error as Error).message}): translating without glossary`);
      this.failing = true;
      entry.ttlMs = RETRY_AFTER_FAILURE_MS;
      return { ...NO_GLOSSARY };
    }
  }
}
