import {
  LiveErrorCode,
  type InterimFrame,
  type RoomStatus,
  type ServerFrame,
  type ServerRecognition,
  type TranscriptFrame,
} from '@lt/contracts';
import { withoutInterimOf } from '../host/host-room-state';
import { initialTranscriptLog, transcriptLogReducer, type TranscriptEntry } from '../host/transcript-log';
import { drain, emptyQueue, enqueue, type EffectQueue, type EffectsDone, type FrameEvent } from '../live/room-effects';

/** The room is over for this speaker: it ended, or the host removed the speaker. */
export type SpeakerEffect = { kind: 'ended' };

export interface SpeakerState extends EffectQueue<SpeakerEffect> {
  roomStatus: RoomStatus | null;
  /** null until the server said. */
  hostConnected: boolean | null;
  removed: boolean;
  log: TranscriptEntry[];
  /** The latest provisional line of someone else in the room. */
  otherInterim: InterimFrame | null;
  serverErrorCode: string | null;
  /** The server recognises speech from this page's audio when asked; null: only the browser does. */
  serverRecognition: ServerRecognition | null;
}

/** The speaker sent one of its sentences. */
export interface SpeakerSent {
  type: 'sent';
  frame: TranscriptFrame;
}

export type SpeakerEvent = FrameEvent | SpeakerSent | EffectsDone;

export function initialSpeakerState(pending: readonly TranscriptFrame[]): SpeakerState {
  return {
    ...emptyQueue,
    roomStatus: null,
    hostConnected: null,
    removed: false,
    log: initialTranscriptLog(pending),
    otherInterim: null,
    serverErrorCode: null,
    serverRecognition: null,
  };
}

function onFrame(state: SpeakerState, frame: ServerFrame): SpeakerState {
  switch (frame.type) {
    case 'joined':
      return {
        ...state,
        serverErrorCode: null,
        roomStatus: frame.room.status,
        hostConnected: frame.hostConnected ?? state.hostConnected,
        serverRecognition: frame.serverRecognition ?? null,
      };
    case 'room_start':
      return { ...state, roomStatus: 'active' };
    case 'room_end':
      return enqueue({ ...state, roomStatus: 'ended', otherInterim: null }, { kind: 'ended' });
    case 'host_status':
      return { ...state, hostConnected: frame.connected };
    case 'ack':
      return { ...state, log: transcriptLogReducer(state.log, { type: 'acked', messageId: frame.messageId, seq: frame.seq }) };
    case 'transcript':
      return {
        ...state,
        log: transcriptLogReducer(state.log, { type: 'stored', frame }),
        otherInterim: withoutInterimOf(state.otherInterim, frame.speakerId),
      };
    case 'interim':
      return { ...state, otherInterim: frame };
    case 'error':
      if (frame.code === LiveErrorCode.SpeakerRemoved) return enqueue({ ...state, removed: true }, { kind: 'ended' });
      return frame.messageId
        ? { ...state, log: transcriptLogReducer(state.log, { type: 'failed', messageId: frame.messageId, code: frame.code }) }
        : { ...state, serverErrorCode: frame.code };
    default:
      return state;
  }
}

/** A co-host speaker's room as a pure function of the socket's frames and the sentences it sent. */
export function speakerRoomReducer(state: SpeakerState, event: SpeakerEvent): SpeakerState {
  switch (event.type) {
    case 'frame':
      return onFrame(state, event.frame);
    case 'sent':
      return { ...state, log: transcriptLogReducer(state.log, { type: 'sent', frame: event.frame }) };
    case 'effects_done':
      return drain(state, event.upTo);
  }
}
