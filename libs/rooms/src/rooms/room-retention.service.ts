import { Injectable, Logger } from '@nestjs/common';
import { SPEECH_SUBJECTS, TRANSLATE_SUBJECTS } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { RoomsRepository } from './rooms.repository';

/** Rooms whose content goes in one round of the job. */
export const RETENTION_BATCH = 100;

/**
 * Deleting what a room's retention setting says is no longer kept: its translations and summaries (translate-svc),
 * its audio (tts-svc), then its transcript here. The room itself stays, with its settings and evaluation, and
 * records when its content went. As with deleting rooms, the other services are asked first: if one cannot do it
 * now, the transcript stays and the room is due again at the job's next round.
 */
@Injectable()
export class RoomRetention {
  private readonly logger = new Logger('RoomRetention');

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly bus: Bus,
  ) {}

  async expire(roomIds: string[], now = new Date()): Promise<number> {
    if (roomIds.length === 0) return 0;
    await this.bus.request(TRANSLATE_SUBJECTS.purgeRooms, { roomIds });
    await this.bus.request(SPEECH_SUBJECTS.purgeRooms, { roomIds });
    return this.rooms.deleteTranscripts(roomIds, now);
  }

  /** At the end of a room that keeps nothing: a failure is logged, and the job finishes it. */
  async expireQuietly(roomIds: string[]): Promise<void> {
    try {
      await this.expire(roomIds);
    } catch (error) {
      this.logger.warn(`content of rooms ${roomIds.join(', ')} not deleted yet: ${(error as Error).message}`);
    }
  }

  /** One round of the job: every room due now, a batch at a time. Answers how many rooms' content went. */
  async sweep(now = new Date()): Promise<number> {
    let done = 0;
    for (;;) {
      const due = await this.rooms.dueForDeletion(now, RETENTION_BATCH);
      if (due.length === 0) return done;
      await this.expire(due, now);
      done += due.length;
      if (due.length < RETENTION_BATCH) return done;
    }
  }
}
