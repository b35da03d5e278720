import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AudioStream, ServiceHealth } from '@lt/contracts';
import { databaseHealth } from '@lt/platform';
import { ASR_DATA_SOURCE } from '../asr.database';

/** Where a stream's recognition stands, as its lease row keeps it. */
export interface LeaseState {
  holder: string;
  /** True when this replica holds it now (taken, renewed, or taken over). */
  held: boolean;
  committedSeq: number;
  segment: number;
  startedAt: number;
}

/**
 * The stream leases: one replica holds a stream until its lease lapses (renewed while it lives), and its
 * progress (what is stored) is written here, so a replica taking over starts where the stored speech ends.
 */
@Injectable()
export class LeaseRepository {
  constructor(@Inject(ASR_DATA_SOURCE) private readonly db: DataSource) {}

  health(): Promise<ServiceHealth> {
    return databaseHealth(this.db);
  }

  /** Takes the stream when it is new, lapsed, stopped or already this replica's; otherwise says who holds it. */
  async acquire(stream: AudioStream, holder: string, leaseMs: number): Promise<LeaseState> {
    const rows: RawLease[] = await this.db.query(
      `INSERT INTO asr.stream_leases (stream_id, room_id, holder, expires_at, started_at, stream)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4::float8 / 1000), now(), $5)
       ON CONFLICT (stream_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
         stopped = false, updated_at = now()
       WHERE asr.stream_leases.expires_at < now() OR asr.stream_leases.stopped OR asr.stream_leases.holder = EXCLUDED.holder
       RETURNING holder, committed_seq, segment, started_at`,
      [stream.streamId, stream.roomId, holder, leaseMs, JSON.stringify(stream)],
    );
    if (rows[0]) return toState(rows[0], holder);
    const [row]: RawLease[] = await this.db.query(
      `SELECT holder, committed_seq, segment, started_at FROM asr.stream_leases WHERE stream_id = $1`,
      [stream.streamId],
    );
    return toState(row, holder);
  }

  /** Renews this replica's leases; answers those it still holds (another may have taken one over). */
  async renew(holder: string, streamIds: string[], leaseMs: number): Promise<Set<string>> {
    if (!streamIds.length) return new Set();
    // TypeORM answers an UPDATE with [rows, count] (an INSERT or SELECT with the rows alone).
    const [rows]: [{ stream_id: string }[], number] = await this.db.query(
      `UPDATE asr.stream_leases SET expires_at = now() + make_interval(secs => $3::float8 / 1000)
       WHERE holder = $1 AND stream_id = ANY($2::uuid[]) AND NOT stopped RETURNING stream_id`,
      [holder, streamIds, leaseMs],
    );
    return new Set(rows.map((r) => r.stream_id));
  }

  /** The speech up to `committedSeq` is stored, as sentences up to `segment` (exclusive). */
  async commit(streamId: string, holder: string, committedSeq: number, segment: number): Promise<void> {
    await this.db.query(
      `UPDATE asr.stream_leases SET committed_seq = GREATEST(committed_seq, $3), segment = GREATEST(segment, $4), updated_at = now()
       WHERE stream_id = $1 AND holder = $2`,
      [streamId, holder, committedSeq, segment],
    );
  }

  /** The stream ended: the row stays (a page resuming it continues its numbering), held by no one. */
  async release(streamId: string, holder: string): Promise<void> {
    await this.db.query(`UPDATE asr.stream_leases SET stopped = true, expires_at = now() WHERE stream_id = $1 AND holder = $2`, [
      streamId,
      holder,
    ]);
  }

  /** Forgets streams untouched for a day. */
  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM asr.stream_leases WHERE updated_at < now() - interval '1 day' AND expires_at < now()`);
  }
}

interface RawLease {
  holder: string;
  committed_seq: number;
  segment: number;
  started_at: Date;
}

function toState(row: RawLease, holder: string): LeaseState {
  return {
    holder: row.holder,
    held: row.holder === holder,
    committedSeq: row.committed_seq,
    segment: row.segment,
    startedAt: new Date(row.started_at).getTime(),
  };
}
