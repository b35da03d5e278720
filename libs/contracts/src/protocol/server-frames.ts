import type { LanguageCode } from '../languages';
import type { Role } from './client-frames';
import type { LiveErrorCode } from './error-codes';
import type { RoomStatus } from '../rooms/room.response';
import type { TranslationRevisedFrame } from '../glossary/glossary-revision';
import type { InterimTranslationFrame, InterimUsageFrame, RoomSettingsFrame, TranslationPartialFrame } from '../live/fast-captions';
import type { QuestionStatus, QuestionView } from '../questions/questions.dto';
import type { SummaryResponse } from '../translate/summary.messages';
import type { ErrorCode } from '../errors';
import type { FeedStatus } from '../ingest/ingest.dto';

/** Frames the gateway sends on `/ws`. */
export interface JoinedFrame {
  type: 'joined';
  roomId: string;
  role: Role;
  room: { name: string; status: RoomStatus; sourceLanguage: LanguageCode | null };
  /** The room's latest stored transcript sequence number. */
  seq: number;
  /** The id this connection is known by in the room (host-…, viewer-…, speaker-…). */
  clientId: string;
  /** A speaker's socket: the id of its invite (room_speakers), on its transcripts as `speakerId`, and its name. */
  speakerId?: string;
  speakerName?: string;
  /** True when no translation provider is configured on the server. */
  translationUnavailable?: boolean;
  /** The server reads messages aloud (GET …/messages/:messageId/audio); without it the browser's voice does. */
  ttsAvailable?: boolean;
  /** The room's token quota (or budget) is spent: translations, summaries and server audio are paused. */
  quotaExhausted?: boolean;
  /** Viewers and speakers: whether the host is connected now. */
  hostConnected?: boolean;
  /** Hosts: whether interim lines are translated for the viewers (the room's "Fast captions" setting). */
  fastCaptions?: boolean;
  /** Whether the audience may ask questions (off by default). */
  questionsEnabled?: boolean;
  /** Hosts and speakers: asr-svc recognises speech, from audio sent at `sampleRate` on `/ws/audio` (docs/audio.md). */
  serverRecognition?: ServerRecognition;
}

/** The server's speech recognition provider, and the PCM rate it wants. */
export interface ServerRecognition {
  provider: string;
  sampleRate: number;
}

export interface AckFrame {
  type: 'ack';
  messageId: string;
  seq: number;
}

/** A stored transcript (the realtime transcript message's fields plus seq), sent to hosts and speakers. */
export interface TranscriptEventFrame {
  type: 'transcript';
  roomId: string;
  messageId: string;
  seq: number;
  text: string;
  sourceLanguage: LanguageCode;
  timestamp: string;
  speakerId: string;
  speakerName: string;
  enhanced: boolean;
}

/** A provisional (interim) line; never stored, may be replaced by the final one. */
export interface InterimFrame {
  type: 'interim';
  roomId: string;
  messageId: string;
  text: string;
  sourceLanguage: LanguageCode;
  timestamp: string;
  speakerId: string;
  speakerName: string;
  /** Recognised on the server: the page that streams the audio shows it too. */
  recognised?: boolean;
}

export type TranslationFallback = 'service' | 'original';

export interface TranslationFrame {
  type: 'translation';
  messageId: string;
  seq: number;
  lang: LanguageCode;
  text: string;
  sourceLanguage: LanguageCode;
  timestamp: string;
  speakerId: string;
  speakerName: string;
  fallback?: TranslationFallback;
  /** The sentence was improved by the language model before it was translated (Enhance Mode). */
  enhanced?: boolean;
}

export interface RoomEventFrame {
  type: 'room_start' | 'room_end' | 'speaker_joined' | 'speaker_left';
  roomId: string;
  messageId: string;
  timestamp: string;
  sourceLanguage?: LanguageCode | null;
  speakerId?: string;
  speakerName?: string;
}

/** Translation, summaries and server audio paused (exhausted) or resumed (restored) for the room's spending. */
export interface QuotaFrame {
  type: 'quota_exhausted' | 'quota_restored';
  roomId: string;
  timestamp: string;
}

/** The host connected to the room, or its last connection went (viewers and speakers). */
export interface HostStatusFrame {
  type: 'host_status';
  roomId: string;
  connected: boolean;
  timestamp: string;
}

/** A new question, in the reader's language (viewers: theirs; host and speakers: the room's), with its original. */
export interface QuestionFrame {
  type: 'question';
  roomId: string;
  question: QuestionView;
}

/** A question's votes or status changed; `hidden` means it is gone for everyone. */
export interface QuestionUpdateFrame {
  type: 'question_update';
  roomId: string;
  id: string;
  votes: number;
  status: QuestionStatus;
}

/** The host turned the audience's questions on or off. */
export interface QuestionsEnabledFrame {
  type: 'questions_enabled';
  roomId: string;
  enabled: boolean;
}

/** To hosts: the venue feed's state, on a change and every second while audio arrives (docs/protocol.md). */
export interface FeedStatusFrame extends FeedStatus {
  type: 'feed_status';
  roomId: string;
  timestamp: string;
}

export interface ErrorFrame {
  type: 'error';
  code: LiveErrorCode;
  message: string;
  /** The client frame's messageId when the error concerns one transcript. */
  messageId?: string;
  /** On `internal` errors: the id of the server's log line about it. */
  correlationId?: string;
}

/**
 * The answer to `summary_request`: one frame, serialised once, for every socket of the gateway that asked for the
 * same summary (room, `lang`, span): it names no request; a client matches it on `lang` and `sinceSeq`, the start of
 * the span asked for (`sinceSeq` rounded down to a multiple of SUMMARY_SEQ_STEP, 0 for the whole session).
 */
export interface SummaryFrame extends SummaryResponse {
  type: 'summary';
  roomId: string;
  lang: LanguageCode;
  sinceSeq: number;
}

/** A `summary_request` refused (over a limit: `retryAfterMs`) or failed, for that request only. */
export interface SummaryErrorFrame {
  type: 'summary_error';
  requestId: string;
  code: ErrorCode;
  message: string;
  retryAfterMs?: number;
}

/** The answer to `ping`: the server's clock when it answered, and the ping's own `t` when it had one. */
export interface PongFrame {
  type: 'pong';
  /** Milliseconds since the epoch on the server's clock. */
  serverTime: number;
  t?: number;
}

export type ServerFrame =
  | JoinedFrame
  | AckFrame
  | TranscriptEventFrame
  | InterimFrame
  | TranslationFrame
  | TranslationRevisedFrame
  | TranslationPartialFrame
  | InterimTranslationFrame
  | RoomSettingsFrame
  | InterimUsageFrame
  | RoomEventFrame
  | QuotaFrame
  | HostStatusFrame
  | QuestionFrame
  | QuestionUpdateFrame
  | QuestionsEnabledFrame
  | FeedStatusFrame
  | ErrorFrame
  | SummaryFrame
  | SummaryErrorFrame
  | PongFrame;
