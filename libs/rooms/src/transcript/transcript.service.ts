import { Injectable } from '@nestjs/common';
import {
  ROOMS_SUBJECTS,
  type AppendTranscriptRequest,
  type AppendTranscriptResponse,
  type ListTranscriptRequest,
  type StoredTranscript,
  type TranscriptMessage,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AnalyticsService } from '../analytics/analytics.service';
import { RoomsErrorCode, RoomsException } from '../rooms/rooms.exception';
import type { MessageLogEntity } from './message-log.entity';
import { TranscriptRepository } from './transcript.repository';

export function toStoredTranscript(row: MessageLogEntity): StoredTranscript {
  return {
    roomId: row.roomId,
    messageId: row.messageId,
    seq: row.seq,
    text: row.text,
    sourceLanguage: row.sourceLanguage,
    timestamp: row.messageTimestamp.toISOString(),
    confidenceLevel: row.confidenceLevel,
    speakerId: row.speakerId,
    speakerName: row.speakerName,
  };
}

/** A stored message as the transcript APIs give it. */
export function toTranscriptMessage(m: MessageLogEntity): TranscriptMessage {
  return {
    message_id: m.messageId,
    seq: m.seq,
    text: m.text,
    message_timestamp: m.messageTimestamp.toISOString(),
    confidence_level: m.confidenceLevel,
    speaker_id: m.speakerId,
    speaker_name: m.speakerName,
  };
}

/** The room's transcript: the source of truth of everything said, in order. */
@Injectable()
export class TranscriptService {
  constructor(
    private readonly transcripts: TranscriptRepository,
    private readonly bus: Bus,
    private readonly analytics: AnalyticsService,
  ) {}

  /** Idempotent on (room, messageId): a resend answers the seq given the first time and stores nothing. */
  async append(request: AppendTranscriptRequest): Promise<AppendTranscriptResponse> {
    const outcome = await this.transcripts.append(request);
    switch (outcome.kind) {
      case 'no-room':
        throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
      case 'inactive':
        throw new RoomsException(RoomsErrorCode.RoomNotActive, 'Room is not active yet');
      case 'no-speaker':
        throw new RoomsException(RoomsErrorCode.InvalidInvite, 'Invalid or expired invite token');
      case 'existing':
        return { seq: outcome.entity.seq, created: false };
      case 'stored':
        this.analytics.sentence(request.roomId);
        this.bus.emitToRoom(
          ROOMS_SUBJECTS.transcriptStored,
          { roomId: request.roomId },
          {
            ...toStoredTranscript(outcome.entity),
            ...(request.enhance ? { enhance: true } : {}),
            ...(request.recognised ? { recognised: true } : {}),
          },
        );
        return { seq: outcome.entity.seq, created: true };
    }
  }

  async get(roomId: string, messageId: string): Promise<StoredTranscript> {
    const row = await this.transcripts.findByMessageId(roomId, messageId);
    if (!row) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Message not found');
    return toStoredTranscript(row);
  }

  async list(request: ListTranscriptRequest): Promise<StoredTranscript[]> {
    const rows =
      request.afterSeq === undefined
        ? await this.transcripts.listLatest(request.roomId, request.limit)
        : await this.transcripts.listAfter(request.roomId, request.afterSeq, request.limit);
    return rows.map(toStoredTranscript);
  }
}
