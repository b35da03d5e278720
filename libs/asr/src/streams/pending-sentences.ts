import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusErrorCode, type AppendTranscriptRequest } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { ASR_DATA_SOURCE } from '../asr.database';

/** A recognised sentence kept until rooms-svc takes it. */
export interface PendingSentence {
  streamId: string;
  segment: number;
  transcript: AppendTranscriptRequest;
}

/** How long a kept sentence waits at most: one older than this is given up (the room is long over). */
const KEPT_FOR = '1 day';

/** Failures that pass: the sentence is tried again later. Any other answer (no such room, say) is final. */
const PASSING: readonly string[] = [BusErrorCode.Unavailable, BusErrorCode.Timeout, BusErrorCode.Internal];

/** Whether rooms-svc refused the sentence for good (trying again would be refused again). */
export const refusedForGood = (error: unknown): boolean => error instanceof DomainException && !PASSING.includes(error.code);

/**
 * The sentences a shutting-down replica could not store (asr.pending_sentences): kept rather than lost, and
 * stored later in their stream's order, by the replica that takes the stream next or by any replica's sweep.
 */
@Injectable()
export class PendingSentences {
  constructor(@Inject(ASR_DATA_SOURCE) private readonly db: DataSource) {}

  async keep(sentence: PendingSentence): Promise<void> {
    await this.db.query(
      `INSERT INTO asr.pending_sentences (stream_id, segment, room_id, transcript) VALUES ($1, $2, $3, $4)
       ON CONFLICT (stream_id, segment) DO NOTHING`,
      [sentence.streamId, sentence.segment, sentence.transcript.roomId, JSON.stringify(sentence.transcript)],
    );
  }

  /** The stream's kept sentences, in order. */
  async of(streamId: string): Promise<PendingSentence[]> {
    const rows: RawPending[] = await this.db.query(
      `SELECT stream_id, segment, transcript FROM asr.pending_sentences WHERE stream_id = $1 ORDER BY segment`,
      [streamId],
    );
    return rows.map(toPending);
  }

  /**
   * Claims for `leaseMs` the kept sentences of up to `limit` streams that no replica holds now (a held stream's
   * replica stores them itself, before its new ones), each stream's in order.
   */
  async claimUnheld(limit: number, leaseMs: number): Promise<PendingSentence[]> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows]: [RawPending[], number] = await this.db.query(
      `UPDATE asr.pending_sentences p SET claimed_until = now() + make_interval(secs => $2::float8 / 1000)
        WHERE p.stream_id IN (
          SELECT DISTINCT k.stream_id FROM asr.pending_sentences k
           WHERE (k.claimed_until IS NULL OR k.claimed_until < now())
             AND NOT EXISTS (SELECT 1 FROM asr.stream_leases l
                              WHERE l.stream_id = k.stream_id AND l.expires_at > now() AND NOT l.stopped)
           LIMIT $1)
          AND (p.claimed_until IS NULL OR p.claimed_until < now())
        RETURNING p.stream_id, p.segment, p.transcript`,
      [limit, leaseMs],
    );
    return rows.map(toPending).sort((a, b) => a.streamId.localeCompare(b.streamId) || a.segment - b.segment);
  }

  async remove(streamId: string, segment: number): Promise<void> {
    await this.db.query(`DELETE FROM asr.pending_sentences WHERE stream_id = $1 AND segment = $2`, [streamId, segment]);
  }

  /** Gives up sentences kept longer than a day; answers how many. */
  async sweep(): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(
      `DELETE FROM asr.pending_sentences WHERE created_at < now() - interval '${KEPT_FOR}'`,
    );
    return count;
  }
}

interface RawPending {
  stream_id: string;
  segment: number;
  transcript: AppendTranscriptRequest;
}

const toPending = (row: RawPending): PendingSentence => ({ streamId: row.stream_id, segment: row.segment, transcript: row.transcript });
