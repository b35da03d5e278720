import { Injectable, Logger } from '@nestjs/common';
import { TRANSLATE_SUBJECTS, type RoomEvaluation } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { TranscriptRepository } from '../transcript/transcript.repository';
import type { RoomEntity, RoomEvaluationEntity } from './room.entity';
import { RoomsRepository, type RoomTotals } from './rooms.repository';

/** Ending a room waits this long at most for translate-svc's count, well within the ending request's own time. */
const TRANSLATED_COUNT_TIMEOUT_MS = 3000;

/** The share of messages translated, in percent with two decimals; a room where nothing was said scores 100. */
export function successRate(totalMessages: number, translatedMessages: number): string {
  if (totalMessages === 0) return '100.00';
  return ((Math.min(translatedMessages, totalMessages) / totalMessages) * 100).toFixed(2);
}

export function toRoomEvaluation(e: RoomEvaluationEntity): RoomEvaluation {
  return {
    start_time: e.startTime.toISOString(),
    end_time: e.endTime.toISOString(),
    total_messages: e.totalMessages,
    translated_messages: e.translatedMessages,
    success_rate: Number(e.successRate),
  };
}

/**
 * A room's evaluation: created with the room (nothing said, 100 %), and filled with its real totals each time
 * it ends. A message counts as translated when translate-svc keeps a provider's translation of it into at least
 * one language; what viewers read in the spoken language, or as the original because translating failed or the
 * quota was spent, does not count. Translations made after the end (a later export) do not change the figures.
 */
@Injectable()
export class RoomEvaluations {
  private readonly logger = new Logger('RoomEvaluations');

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly transcripts: TranscriptRepository,
    private readonly bus: Bus,
  ) {}

  /** Ending the room does not wait on translate-svc being up: without its count the evaluation stays as it was. */
  async record(room: RoomEntity): Promise<void> {
    try {
      const totalMessages = await this.transcripts.countByRoom(room.id);
      const { translated } = await this.bus.request(
        TRANSLATE_SUBJECTS.translatedCount,
        { roomId: room.id },
        { timeoutMs: TRANSLATED_COUNT_TIMEOUT_MS },
      );
      const translatedMessages = Math.min(translated, totalMessages);
      const totals: RoomTotals = {
        endTime: room.updatedAt,
        totalMessages,
        translatedMessages,
        successRate: successRate(totalMessages, translatedMessages),
      };
      await this.rooms.recordTotals(room.id, totals);
    } catch (error) {
      this.logger.warn(`evaluation of room ${room.id} not recorded: ${(error as Error).message}`);
    }
  }

  async of(roomIds: string[]): Promise<Map<string, RoomEvaluation>> {
    const rows = await this.rooms.evaluationsOf(roomIds);
    return new Map([...rows].map(([roomId, e]) => [roomId, toRoomEvaluation(e)]));
  }
}
