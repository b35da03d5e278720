import type {
  HostStatusFrame,
  QuotaChangedEvent,
  QuotaFrame,
  RoomDeletedEvent,
  RoomEventFrame,
  RoomStatusChangedEvent,
  SpeakerPresenceEvent,
  StoredTranscript,
  TranscriptEventFrame,
} from '@lt/contracts';

/** A stored sentence as hosts and speakers see it, live or in the log they get on joining. */
export function transcriptFrame(t: StoredTranscript): TranscriptEventFrame {
  return {
    type: 'transcript',
    roomId: t.roomId,
    messageId: t.messageId,
    seq: t.seq,
    text: t.text,
    sourceLanguage: t.sourceLanguage,
    timestamp: t.timestamp,
    speakerId: t.speakerId,
    speakerName: t.speakerName,
    enhanced: false,
  };
}

/** `room_start` / `room_end`; other statuses (scheduled) are no news to the sockets of a room. */
export function roomStatusFrame(event: RoomStatusChangedEvent): RoomEventFrame | null {
  const type = event.status === 'active' ? 'room_start' : event.status === 'ended' ? 'room_end' : null;
  if (!type) return null;
  return { type, roomId: event.roomId, messageId: event.messageId, timestamp: event.timestamp, sourceLanguage: event.sourceLanguage };
}

/** A deleted room ends, as far as its sockets are concerned. */
export function roomDeletedFrame(event: RoomDeletedEvent): RoomEventFrame {
  return { type: 'room_end', roomId: event.roomId, messageId: event.messageId, timestamp: event.timestamp };
}

export function quotaFrame(event: QuotaChangedEvent): QuotaFrame {
  return { type: event.exhausted ? 'quota_exhausted' : 'quota_restored', roomId: event.roomId, timestamp: event.timestamp };
}

export function hostStatusFrame(roomId: string, connected: boolean): HostStatusFrame {
  return { type: 'host_status', roomId, connected, timestamp: new Date().toISOString() };
}

/** `speaker_joined` / `speaker_left` as the sockets see it (what keeps the presence alive stays on the bus). */
export function speakerFrame(
  event: Pick<SpeakerPresenceEvent, 'type' | 'roomId' | 'speakerId' | 'speakerName'> & Partial<SpeakerPresenceEvent>,
): RoomEventFrame {
  return {
    type: event.type,
    roomId: event.roomId,
    messageId: event.messageId ?? crypto.randomUUID(),
    timestamp: event.timestamp ?? new Date().toISOString(),
    speakerId: event.speakerId,
    speakerName: event.speakerName,
  };
}
