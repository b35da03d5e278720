import type {
  FeedStatus,
  HostLanguageCode,
  InterimFrame,
  LanguageCode,
  RoomEventFrame,
  RoomStatus,
  ServerFrame,
  ServerRecognition,
  TranscriptFrame,
} from '@lt/contracts';
import { drain, emptyQueue, enqueue, type EffectQueue, type EffectsDone, type FrameEvent } from '../live/room-effects';
import { initialTranscriptLog, transcriptLogReducer, type TranscriptEntry } from './transcript-log';

export interface HostRoomInfo {
  name: string | null;
  status: RoomStatus | null;
  sourceLanguage: LanguageCode | null;
  translationUnavailable: boolean;
  quotaExhausted: boolean;
  /** Interim lines are translated for the viewers (the room's setting, on unless turned off). */
  fastCaptions: boolean;
  /** Tokens spent on interim translation in the room so far; null until the server said. */
  interimTokens: number | null;
  /** The server recognises speech from this page's audio when asked; null: only the browser does. */
  serverRecognition: ServerRecognition | null;
}

/** A room action the host asked for that the server has not answered yet. */
export type HostAction = { kind: 'start'; sourceLanguage: HostLanguageCode } | { kind: 'end' };

export type HostEffect =
  /** "Start Room" cleared the log up to this seq: kept for a reload of the tab. */
  | { kind: 'floor'; seq: number }
  | { kind: 'ended' }
  | { kind: 'speaker'; frame: RoomEventFrame }
  /** A new connection joined while an action was still unanswered: it goes again on this one. */
  | { kind: 'resend'; action: HostAction };

export interface HostState extends EffectQueue<HostEffect> {
  room: HostRoomInfo;
  log: TranscriptEntry[];
  /** The latest provisional line of a co-host speaker. */
  speakerInterim: InterimFrame | null;
  serverErrorCode: string | null;
  /** The venue feed's state, once the ingest has said (a room without a feed never shows it). */
  feed: FeedStatus | null;
  latestSeq: number;
  /** Stored lines up to this seq stay hidden. */
  floor: number;
  /** Shown as under way ("Starting…") until the room's event or an error answers it, across reconnects. */
  pending: HostAction | null;
}

/** The host sent one of its sentences. */
export interface SentEvent {
  type: 'sent';
  frame: TranscriptFrame;
}

/** The host asked for a room action. */
export interface RequestedEvent {
  type: 'requested';
  action: HostAction;
}

export type HostEvent = FrameEvent | SentEvent | RequestedEvent | EffectsDone;

/** Whether the room as the server tells it already is what the action asked for. */
function answered(action: HostAction, status: RoomStatus | null): boolean {
  return action.kind === 'start' ? status === 'active' : status === 'ended';
}

export function initialHostState({ pending, floor }: { pending: readonly TranscriptFrame[]; floor: number }): HostState {
  return {
    ...emptyQueue,
    room: {
      name: null,
      status: null,
      sourceLanguage: null,
      translationUnavailable: false,
      quotaExhausted: false,
      fastCaptions: true,
      interimTokens: null,
      serverRecognition: null,
    },
    log: initialTranscriptLog(pending),
    speakerInterim: null,
    serverErrorCode: null,
    feed: null,
    latestSeq: 0,
    floor,
    pending: null,
  };
}

/** A provisional line gone: its speaker's sentence arrived, or its speaker left. */
export function withoutInterimOf(interim: InterimFrame | null, speakerId: string | undefined): InterimFrame | null {
  return interim?.speakerId === speakerId ? null : interim;
}

function onFrame(state: HostState, frame: ServerFrame): HostState {
  switch (frame.type) {
    case 'joined': {
      const pending = state.pending && !answered(state.pending, frame.room.status) ? state.pending : null;
      const next: HostState = {
        ...state,
        pending,
        serverErrorCode: null,
        latestSeq: Math.max(state.latestSeq, frame.seq),
        room: {
          ...state.room,
          fastCaptions: frame.fastCaptions !== false,
          name: frame.room.name,
          status: frame.room.status,
          sourceLanguage: frame.room.sourceLanguage,
          translationUnavailable: frame.translationUnavailable === true,
          quotaExhausted: frame.quotaExhausted === true,
          serverRecognition: frame.serverRecognition ?? null,
        },
      };
      return pending ? enqueue(next, { kind: 'resend', action: pending }) : next;
    }
    case 'room_start': {
      const room: HostRoomInfo = { ...state.room, status: 'active', sourceLanguage: frame.sourceLanguage ?? state.room.sourceLanguage };
      const log = transcriptLogReducer(state.log, { type: 'cleared' });
      const pending = state.pending?.kind === 'start' ? null : state.pending;
      return enqueue({ ...state, room, log, pending, floor: state.latestSeq }, { kind: 'floor', seq: state.latestSeq });
    }
    case 'room_end':
      return enqueue({ ...state, room: { ...state.room, status: 'ended' }, speakerInterim: null, pending: null }, { kind: 'ended' });
    case 'ack':
      return {
        ...state,
        latestSeq: Math.max(state.latestSeq, frame.seq),
        log: transcriptLogReducer(state.log, { type: 'acked', messageId: frame.messageId, seq: frame.seq }),
      };
    case 'transcript':
      return {
        ...state,
        latestSeq: Math.max(state.latestSeq, frame.seq),
        log: frame.seq > state.floor ? transcriptLogReducer(state.log, { type: 'stored', frame }) : state.log,
        speakerInterim: withoutInterimOf(state.speakerInterim, frame.speakerId),
      };
    case 'interim':
      return { ...state, speakerInterim: frame };
    case 'speaker_joined':
      return enqueue(state, { kind: 'speaker', frame });
    case 'speaker_left':
      return enqueue({ ...state, speakerInterim: withoutInterimOf(state.speakerInterim, frame.speakerId) }, { kind: 'speaker', frame });
    case 'room_settings':
      return { ...state, room: { ...state.room, fastCaptions: frame.fastCaptions } };
    case 'interim_usage':
      return { ...state, room: { ...state.room, interimTokens: Math.max(state.room.interimTokens ?? 0, frame.tokens) } };
    case 'quota_exhausted':
    case 'quota_restored':
      return { ...state, room: { ...state.room, quotaExhausted: frame.type === 'quota_exhausted' } };
    case 'feed_status':
      return {
        ...state,
        feed: { state: frame.state, level: frame.level, silentForS: frame.silentForS, ...(frame.reason ? { reason: frame.reason } : {}) },
      };
    case 'error':
      return frame.messageId
        ? { ...state, log: transcriptLogReducer(state.log, { type: 'failed', messageId: frame.messageId, code: frame.code }) }
        : { ...state, serverErrorCode: frame.code, pending: null };
    default:
      return state;
  }
}

/** The host's room as a pure function of the socket's frames and the sentences it sent. */
export function hostRoomReducer(state: HostState, event: HostEvent): HostState {
  switch (event.type) {
    case 'frame':
      return onFrame(state, event.frame);
    case 'sent':
      return { ...state, log: transcriptLogReducer(state.log, { type: 'sent', frame: event.frame }) };
    case 'requested':
      return { ...state, pending: event.action, serverErrorCode: null };
    case 'effects_done':
      return drain(state, event.upTo);
  }
}
