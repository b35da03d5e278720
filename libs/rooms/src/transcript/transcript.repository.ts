import { Inject, Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import { confidenceLevel, type AppendTranscriptRequest, type TranscriptCursor } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { MessageLogEntity } from './message-log.entity';

export type AppendOutcome =
  | { kind: 'stored'; entity: MessageLogEntity }
  | { kind: 'existing'; entity: MessageLogEntity }
  | { kind: 'no-room' }
  | { kind: 'inactive' }
  | { kind: 'no-speaker' };

@Injectable()
export class TranscriptRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * Stores a final transcript once per (room, messageId) and gives it the room's next seq, in one round trip
   * (`rooms.append_message`): the room's row is locked for the increment, so seqs of a room have no holes and no
   * duplicates, and whether the message is stored already is read under that lock.
   */
  async append(input: AppendTranscriptRequest): Promise<AppendOutcome> {
    const entity = this.db.getRepository(MessageLogEntity).create({
      id: crypto.randomUUID(),
      roomId: input.roomId,
      messageId: input.messageId,
      seq: 0,
      text: input.text,
      sourceLanguage: input.sourceLanguage,
      messageTimestamp: new Date(input.timestamp),
      confidence: input.confidence,
      confidenceLevel: confidenceLevel(input.confidence),
      speakerId: input.speakerId,
      speakerName: input.speakerName,
      createdAt: new Date(),
    });
    const [row]: { o_outcome: 'stored' | 'existing' | 'no-room' | 'inactive' | 'no-speaker'; o_seq: number | null }[] = await this.db.query(
      `SELECT o_outcome, o_seq FROM rooms.append_message($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        entity.id,
        entity.roomId,
        entity.messageId,
        entity.text,
        entity.sourceLanguage,
        entity.messageTimestamp,
        entity.confidence,
        entity.confidenceLevel,
        entity.speakerId,
        entity.speakerName,
        input.invitedSpeaker === true,
        entity.createdAt,
      ],
    );
    switch (row.o_outcome) {
      case 'stored':
        return { kind: 'stored', entity: Object.assign(entity, { seq: Number(row.o_seq) }) };
      case 'existing': {
        // A resend (rare): the line as it was stored the first time.
        const stored = await this.findByMessageId(input.roomId, input.messageId);
        return stored ? { kind: 'existing', entity: stored } : { kind: 'no-room' };
      }
      default:
        return { kind: row.o_outcome };
    }
  }

  findByMessageId(roomId: string, messageId: string): Promise<MessageLogEntity | null> {
    return this.db.getRepository(MessageLogEntity).findOneBy({ roomId, messageId });
  }

  countByRoom(roomId: string): Promise<number> {
    return this.db.getRepository(MessageLogEntity).countBy({ roomId });
  }

  /** The first `limit` messages after `afterSeq`, oldest first. */
  listAfter(roomId: string, afterSeq: number, limit: number): Promise<MessageLogEntity[]> {
    return this.db.getRepository(MessageLogEntity).find({
      where: { roomId, seq: MoreThan(afterSeq) },
      order: { seq: 'ASC' },
      take: limit,
    });
  }

  /**
   * Up to `limit` lines in the order they were spoken (by message_timestamp, seq breaking ties), after `after`. The
   * order is by the millisecond, as a cursor carries it (an ISO time): a page never starts with its previous one's last.
   */
  listBySpokenTime(roomId: string, after: TranscriptCursor | undefined, limit: number): Promise<MessageLogEntity[]> {
    const spokenAt = `date_trunc('milliseconds', m.message_timestamp)`;
    const query = this.db
      .getRepository(MessageLogEntity)
      .createQueryBuilder('m')
      .where('m.room_id = :roomId', { roomId })
      .orderBy(spokenAt, 'ASC')
      .addOrderBy('m.seq', 'ASC')
      .limit(limit);
    if (after) query.andWhere(`(${spokenAt}, m.seq) > (:at, :seq)`, { at: new Date(after.timestamp), seq: after.seq });
    return query.getMany();
  }

  /** The room's `limit` latest messages, oldest first. */
  async listLatest(roomId: string, limit: number): Promise<MessageLogEntity[]> {
    const rows = await this.db.getRepository(MessageLogEntity).find({ where: { roomId }, order: { seq: 'DESC' }, take: limit });
    return rows.reverse();
  }
}
