import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LanguageCode, RoomStatus } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { RoomEntity, RoomEvaluationEntity } from './room.entity';

export interface NewRoom {
  id: string;
  ownerId: string | null;
  name: string;
  viewerLink: string;
  hostKeyHash: string;
}

@Injectable()
export class RoomsRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  /** Inserts the room and its evaluation record (spec §3 room_evaluations) in one transaction. */
  async create(room: NewRoom): Promise<RoomEntity> {
    return this.db.transaction(async (em) => {
      const now = new Date();
      const entity = em.create(RoomEntity, {
        ...room,
        sourceLanguage: null,
        status: 'scheduled',
        scheduledAt: null,
        lastSeq: 0,
        createdAt: now,
        updatedAt: now,
      });
      await em.insert(RoomEntity, entity);
      await em.insert(RoomEvaluationEntity, {
        id: crypto.randomUUID(),
        roomId: room.id,
        startTime: now,
        endTime: now,
        totalMessages: 0,
        translatedMessages: 0,
        successRate: '100',
      });
      return entity;
    });
  }

  findById(id: string): Promise<RoomEntity | null> {
    return this.db.getRepository(RoomEntity).findOneBy({ id });
  }

  async setStatus(id: string, status: RoomStatus, sourceLanguage?: LanguageCode): Promise<RoomEntity | null> {
    const patch: Partial<RoomEntity> = { status, updatedAt: new Date() };
    if (sourceLanguage) patch.sourceLanguage = sourceLanguage;
    const result = await this.db.getRepository(RoomEntity).update({ id }, patch);
    if (!result.affected) return null;
    return this.findById(id);
  }
}
