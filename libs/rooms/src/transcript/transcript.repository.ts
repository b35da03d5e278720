import { Inject, Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import { confidenceLevel, type AppendTranscriptRequest, type TranscriptCursor } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { RoomEntity } from '../rooms/room.entity';
import { SpeakerEntity } from '../speakers/speaker.entity';
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
   * Stores a final transcript once per (room, messageId) and gives it the room's next seq. The room row
   * is locked for the increment, so seqs of a room have no holes and no duplicates.
   */
  async append(input: AppendTranscriptRequest): Promise<AppendOutcome> {
    const existing = await this.findByMessageId(input.roomId, input.messageId);
    if (existing) return { kind: 'existing', entity: existing };
    return this.db.transaction(async (em) => {
      const room = await em
        .getRepository(RoomEntity)
        .createQueryBuilder('r')
        .setLock('pessimistic_write')
        .where('r.id = :id', { id: input.roomId })
        .getOne();
      if (!room) return { kind: 'no-room' } as const;
      const again = await em.getRepository(MessageLogEntity).findOneBy({ roomId: input.roomId, messageId: input.messageId });
      if (again) return { kind: 'existing', entity: again } as const;
      if (room.status !== 'active') return { kind: 'inactive' } as const;
      // Closing a removed speaker's socket takes a moment; its token stops working at once, here as well.
      if (input.invitedSpeaker && !(await em.getRepository(SpeakerEntity).existsBy({ id: input.speakerId, roomId: input.roomId }))) {
        return { kind: 'no-speaker' } as const;
      }
      const seq = room.lastSeq + 1;
      await em.update(RoomEntity, { id: room.id }, { lastSeq: seq, updatedAt: new Date() });
      const entity = em.create(MessageLogEntity, {
        id: crypto.randomUUID(),
        roomId: input.roomId,
        messageId: input.messageId,
        seq,
        text: input.text,
        sourceLanguage: input.sourceLanguage,
        messageTimestamp: new Date(input.timestamp),
        confidence: input.confidence,
        confidenceLevel: confidenceLevel(input.confidence),
        speakerId: input.speakerId,
        speakerName: input.speakerName,
        createdAt: new Date(),
      });
      await em.insert(MessageLogEntity, entity);
      return { kind: 'stored', entity } as const;
    });
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
