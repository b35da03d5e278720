import type { InterimFrame, JoinedFrame, LanguageCode, ServerFrame, TranslationFrame } from '@lt/contracts';
import { drain, emptyQueue, enqueue, type EffectQueue, type EffectsDone, type FrameEvent } from '../live/room-effects';
import { HOST_SPEAKER, speakerKey } from '../live/speaker-key';
import { acceptFinal, acceptInterimTranslation, acceptPartial, emptyProvisional, type ProvisionalState } from './provisional-lines';
import { acceptTranslation, emptyFeed, reviseTranslation, type FeedState } from './translation-feed';

export type ViewerRoomInfo = JoinedFrame['room'];

/** Who spoke last: the person of the latest line, its name and the language they speak. */
export interface CurrentSpeaker {
  key: string;
  name: string;
  language: LanguageCode;
}

export type ViewerEffect =
  | { kind: 'resync'; since: number }
  /** A translation said after this page arrived (read aloud), not history. */
  | { kind: 'said'; frame: TranslationFrame };

export interface ViewerState extends EffectQueue<ViewerEffect> {
  feed: FeedState;
  room: ViewerRoomInfo | null;
  interim: InterimFrame | null;
  /** Fast captions: lines on their way in the viewer's language (growing translations, translated interim lines). */
  provisional: ProvisionalState;
  ttsAvailable: boolean;
  quotaExhausted: boolean;
  /** null until the server said. */
  hostConnected: boolean | null;
  /** When someone last spoke (an interim line or a new sentence), as Date.now(). */
  lastActivityAt: number | null;
  /** The room's latest seq when this page first joined: what was said before it arrived. */
  joinedSeq: number | null;
  /** The latest seq this page knows of, in any language. */
  latestSeq: number;
  /** Lines up to this seq are history: sent again on a join or a language change, not said now. */
  historyUpTo: number;
  speaker: CurrentSpeaker | null;
  /** The seq of the line `speaker` comes from (0: an interim line, or none). */
  speakerSeq: number;
  /** Everyone who has spoken in the room, as speaker keys. */
  speakers: readonly string[];
}

/** The viewer picked another language: the list starts over, and what is sent again in it is history. */
export interface LanguageChanged {
  type: 'language_changed';
  lang: LanguageCode | null;
}

export type ViewerEvent = FrameEvent | LanguageChanged | EffectsDone;

export function initialViewerState({ lang, room }: { lang: LanguageCode | null; room: ViewerRoomInfo | null }): ViewerState {
  return {
    ...emptyQueue,
    feed: emptyFeed(lang),
    room,
    interim: null,
    provisional: emptyProvisional,
    ttsAvailable: false,
    quotaExhausted: false,
    hostConnected: null,
    lastActivityAt: null,
    joinedSeq: null,
    latestSeq: 0,
    historyUpTo: 0,
    speaker: null,
    speakerSeq: 0,
    speakers: [],
  };
}

/** Records who said a line; `seq` 0 is an interim line, always the latest. */
function heard(state: ViewerState, line: InterimFrame | TranslationFrame, seq: number): ViewerState {
  const key = speakerKey(line.speakerId);
  const speakers = state.speakers.includes(key) ? state.speakers : [...state.speakers, key];
  if (seq !== 0 && seq < state.speakerSeq) return { ...state, speakers };
  return { ...state, speakers, speaker: { key, name: line.speakerName, language: line.sourceLanguage }, speakerSeq: seq };
}

function translation(state: ViewerState, frame: TranslationFrame, at: number): ViewerState {
  const update = acceptTranslation(state.feed, frame);
  let next = update.resyncSince === undefined ? state : enqueue(state, { kind: 'resync', since: update.resyncSince });
  if (!update.added) return next;
  const provisional = acceptFinal(next.provisional, frame);
  next = heard(
    { ...next, feed: update.feed, interim: null, provisional, latestSeq: Math.max(next.latestSeq, frame.seq) },
    frame,
    frame.seq,
  );
  if (frame.seq <= next.historyUpTo) return next;
  // The host may switch language between recordings without restarting the room.
  const hostSwitched = speakerKey(frame.speakerId) === HOST_SPEAKER && next.room && next.room.sourceLanguage !== frame.sourceLanguage;
  const room = hostSwitched && next.room ? { ...next.room, sourceLanguage: frame.sourceLanguage } : next.room;
  return enqueue({ ...next, room, lastActivityAt: at }, { kind: 'said', frame });
}

function onFrame(state: ViewerState, frame: ServerFrame, at: number): ViewerState {
  switch (frame.type) {
    case 'joined':
      return {
        ...state,
        room: frame.room,
        ttsAvailable: frame.ttsAvailable === true,
        quotaExhausted: frame.quotaExhausted === true,
        hostConnected: frame.hostConnected ?? state.hostConnected,
        joinedSeq: state.joinedSeq ?? frame.seq,
        latestSeq: Math.max(state.latestSeq, frame.seq),
        historyUpTo: Math.max(state.historyUpTo, frame.seq),
      };
    case 'translation':
      return translation(state, frame, at);
    case 'translation_revised': {
      const feed = reviseTranslation(state.feed, frame);
      return feed === state.feed ? state : { ...state, feed };
    }
    case 'translation_partial': {
      const provisional = acceptPartial(state.provisional, frame, state.feed.lang, state.feed.messages.at(-1)?.seq ?? 0);
      return provisional === state.provisional ? state : { ...state, provisional, lastActivityAt: at };
    }
    case 'interim_translation': {
      const provisional = acceptInterimTranslation(state.provisional, frame, state.feed.lang);
      return provisional === state.provisional ? state : { ...state, provisional, lastActivityAt: at };
    }
    case 'interim': {
      const next = heard({ ...state, lastActivityAt: at }, frame, 0);
      return state.feed.lang ? { ...next, interim: frame } : next;
    }
    case 'room_start':
      return {
        ...state,
        room: {
          name: state.room?.name ?? '',
          status: 'active',
          sourceLanguage: frame.sourceLanguage ?? state.room?.sourceLanguage ?? null,
        },
      };
    case 'room_end':
      return {
        ...state,
        room: state.room ? { ...state.room, status: 'ended' } : state.room,
        interim: null,
        provisional: emptyProvisional,
      };
    case 'host_status':
      return { ...state, hostConnected: frame.connected, interim: frame.connected ? state.interim : null };
    case 'quota_exhausted':
    case 'quota_restored':
      return { ...state, quotaExhausted: frame.type === 'quota_exhausted' };
    default:
      return state;
  }
}

/** The viewer's room as a pure function of the socket's frames and the viewer's language choices. */
export function viewerRoomReducer(state: ViewerState, event: ViewerEvent): ViewerState {
  switch (event.type) {
    case 'frame':
      return onFrame(state, event.frame, event.at);
    case 'language_changed':
      if (state.feed.lang === event.lang) return state;
      return {
        ...state,
        historyUpTo: Math.max(state.historyUpTo, state.feed.messages.at(-1)?.seq ?? 0),
        feed: emptyFeed(event.lang),
        interim: null,
        provisional: emptyProvisional,
      };
    case 'effects_done':
      return drain(state, event.upTo);
  }
}
