import { Injectable, Logger } from '@nestjs/common';
import { ROOMS_SUBJECTS, SPEECH_SUBJECTS, TRANSLATE_SUBJECTS, type PurgeRoomsRequest } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AnalyticsService } from '../analytics/analytics.service';
import { RoomContentRepository } from './room-content.repository';
import { RoomsRepository } from './rooms.repository';

/** Rooms whose content goes in one round of the job. */
export const RETENTION_BATCH = 100;

/**
 * Deleting what a room's retention setting says is no longer kept: its translations and summaries (translate-svc),
 * its audio (tts-svc), then its transcript, questions and viewers here. The room itself stays, with its settings and
 * evaluation, and records when its content went. As with deleting rooms, the other services are asked first (each
 * records the purge, so that none of its replicas stores for those rooms again): if one cannot do it now, the
 * transcript stays and the room is due again at the job's next round. Then every replica of every service hears the
 * purge as an event and sweeps once more what a late writer may have stored meanwhile.
 */
@Injectable()
export class RoomRetention {
  private readonly logger = new Logger('RoomRetention');

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly content: RoomContentRepository,
    private readonly analytics: AnalyticsService,
    private readonly bus: Bus,
  ) {}

  async expire(roomIds: string[], now = new Date()): Promise<number> {
    if (roomIds.length === 0) return 0;
    const request: PurgeRoomsRequest = { roomIds, marks: await this.content.marksFor(roomIds, now) };
    await this.bus.request(TRANSLATE_SUBJECTS.purgeRooms, request);
    await this.bus.request(SPEECH_SUBJECTS.purgeRooms, request);
    const deleted = await this.content.purge(request.marks ?? []);
    this.bus.emit(ROOMS_SUBJECTS.roomsPurged, request);
    return deleted;
  }

  /** Heard by every replica: viewers it still holds for those rooms are dropped, and late rows go. */
  async purged(request: PurgeRoomsRequest): Promise<void> {
    this.analytics.forget(request.roomIds);
    await this.content.sweep(request.marks ?? []);
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
