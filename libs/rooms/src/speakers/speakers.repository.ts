import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LanguageCode } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { SpeakerEntity } from './speaker.entity';

export interface NewSpeaker {
  roomId: string;
  speakerName: string;
  inviteTokenHash: string;
}

@Injectable()
export class SpeakersRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  async create(speaker: NewSpeaker): Promise<SpeakerEntity> {
    const entity = this.db.getRepository(SpeakerEntity).create({
      ...speaker,
      id: crypto.randomUUID(),
      speakerRole: 'co-host',
      isActive: false,
      inputLanguage: null,
      joinedAt: null,
      createdAt: new Date(),
    });
    await this.db.getRepository(SpeakerEntity).insert(entity);
    return entity;
  }

  /** Oldest invite first, id breaking ties. */
  listByRoom(roomId: string): Promise<SpeakerEntity[]> {
    return this.db.getRepository(SpeakerEntity).find({ where: { roomId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The speaker of this room whose token hashes to `inviteTokenHash`: a token of another room finds nothing. */
  findByToken(roomId: string, inviteTokenHash: string): Promise<SpeakerEntity | null> {
    return this.db.getRepository(SpeakerEntity).findOneBy({ roomId, inviteTokenHash });
  }

  async markJoined(id: string, inputLanguage: LanguageCode): Promise<SpeakerEntity | null> {
    const result = await this.db.getRepository(SpeakerEntity).update({ id }, { isActive: true, inputLanguage, joinedAt: new Date() });
    return result.affected ? this.db.getRepository(SpeakerEntity).findOneBy({ id }) : null;
  }

  async markLeft(roomId: string, id: string): Promise<void> {
    await this.db.getRepository(SpeakerEntity).update({ id, roomId }, { isActive: false });
  }

  /** True when the speaker was there (in this room) and is gone now. */
  async delete(roomId: string, id: string): Promise<boolean> {
    const result = await this.db.getRepository(SpeakerEntity).delete({ id, roomId });
    return (result.affected ?? 0) > 0;
  }
}
