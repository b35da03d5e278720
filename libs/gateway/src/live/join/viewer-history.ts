import { GLOSSARY_REVISION, LIMITS, REVISION_SUBJECTS, TRANSLATE_SUBJECTS, type LanguageCode, type TranslationFrame } from '@lt/contracts';
import type { Bus } from '@lt/platform';
import { writeCounted } from '../rooms/fan-out';
import { JoinBatches } from './join-batches';
import type { LiveSocket } from '../connection/live-socket';

/** A viewer coming back with `since` gets at most this many batches; beyond that it asks again with `resync`. */
const MAX_CATCH_UP_BATCHES = 10;

/** What a viewer is sent of what was said before it chose its language: the room's recent lines, or what it missed. */
export class ViewerHistory {
  /** A crowd of viewers joining at once asks for the room's recent lines in a language once a batch. */
  private readonly recent = new JoinBatches<TranslationFrame[]>();

  constructor(private readonly bus: Bus) {}

  /**
   * Sends what the viewer missed after `since` (all of it, in batches), or the room's recent messages; live
   * translations wait meanwhile, and what the socket already has is not sent again. A viewer that `rejoined`
   * from `since` first gets the lines revised at or before it.
   */
  async send(socket: LiveSocket, lang: LanguageCode, since?: number, rejoined = false): Promise<void> {
    const roomId = socket.roomId as string;
    try {
      if (since === undefined) {
        const ask = () => this.bus.request(TRANSLATE_SUBJECTS.history, { roomId, lang, limit: LIMITS.viewerHistory });
        const frames = await this.recent.get(`${roomId}:${lang}`, ask);
        this.sendFrames(socket, lang, frames);
        return;
      }
      if (rejoined) await this.sendRevisions(socket, lang, since);
      let after = Math.max(since, socket.sentUpTo);
      for (let batch = 0; batch < MAX_CATCH_UP_BATCHES; batch += 1) {
        const frames = await this.bus.request(TRANSLATE_SUBJECTS.history, { roomId, lang, afterSeq: after, limit: LIMITS.resyncBatch });
        if (!this.sendFrames(socket, lang, frames)) return;
        // A batch may be cut short to fit the bus (long lines): only an empty one says the viewer is caught up.
        if (frames.length === 0) return;
        after = frames[frames.length - 1].seq;
      }
    } finally {
      socket.release();
    }
  }

  /**
   * A viewer that joins again from `since` has lines up to it, some maybe read before they were revised: the
   * revised ones are sent again (a connected viewer got them as they came; a `resync` needs none).
   */
  private async sendRevisions(socket: LiveSocket, lang: LanguageCode, since: number): Promise<void> {
    if (since < 1) return;
    const request = { roomId: socket.roomId as string, lang, upToSeq: since, limit: GLOSSARY_REVISION.resumeMax };
    // Catch-up of what was missed matters more: it goes on without the revisions when they cannot be read.
    const frames = await this.bus.request(REVISION_SUBJECTS.list, request).catch(() => []);
    writeCounted('translation_revised', frames, (frame) => socket.lang === lang && socket.sendRaw(JSON.stringify(frame)));
  }

  /** False once the viewer has switched to another language: the rest is of no use to it. */
  private sendFrames(socket: LiveSocket, lang: LanguageCode, frames: TranslationFrame[]): boolean {
    writeCounted('translation', frames, (frame) => socket.lang === lang && socket.sendInOrder(frame.seq, JSON.stringify(frame)));
    return socket.lang === lang;
  }
}
