import {
  LiveErrorCode,
  type AckFrame,
  type ErrorFrame,
  type HostStatusFrame,
  type InterimFrame,
  type JoinedFrame,
  type LanguageCode,
  type QuotaFrame,
  type RoomEventFrame,
  type ServerFrame,
  type TranscriptEventFrame,
  type TranscriptFrame,
  type TranslationFrame,
} from '@lt/contracts';
import type { FrameEvent } from '../src/modules/live/room-effects';

/** Typed server frames for the room reducers' tests. */
export const ROOM = '4f1c2f4e-8f0b-4d5e-9c1a-2b3c4d5e6f70';
const AT = '2026-01-01T10:00:00.000Z';
export const HOST = { speakerId: 'host-a1', speakerName: 'Host' };
export const ANA = { speakerId: '0d9e3c57-1b2a-4c3d-8e4f-5a6b7c8d9e0f', speakerName: 'Ana' };

export const received = (frame: ServerFrame, at = 0): FrameEvent => ({ type: 'frame', frame, at });

export function joined(overrides: Partial<JoinedFrame> = {}): JoinedFrame {
  return {
    type: 'joined',
    roomId: ROOM,
    role: 'viewer',
    room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' },
    seq: 0,
    clientId: 'viewer-1',
    ...overrides,
  };
}

export function translation(seq: number, lang: LanguageCode = 'en', overrides: Partial<TranslationFrame> = {}): TranslationFrame {
  return {
    type: 'translation',
    messageId: `m-${seq}`,
    seq,
    lang,
    text: `line ${seq} in ${lang}`,
    sourceLanguage: 'es',
    timestamp: AT,
    ...HOST,
    ...overrides,
  };
}

export function interim(text: string, overrides: Partial<InterimFrame> = {}): InterimFrame {
  return { type: 'interim', roomId: ROOM, messageId: `i-${text}`, text, sourceLanguage: 'es', timestamp: AT, ...HOST, ...overrides };
}

export function stored(seq: number, overrides: Partial<TranscriptEventFrame> = {}): TranscriptEventFrame {
  return {
    type: 'transcript',
    roomId: ROOM,
    messageId: `m-${seq}`,
    seq,
    text: `line ${seq}`,
    sourceLanguage: 'es',
    timestamp: AT,
    enhanced: false,
    ...HOST,
    ...overrides,
  };
}

export function sentence(messageId: string, text = messageId): TranscriptFrame {
  return { type: 'transcript', messageId, text, sourceLanguage: 'es', timestamp: AT, confidence: 0.9, final: true };
}

export const ack = (messageId: string, seq: number): AckFrame => ({ type: 'ack', messageId, seq });

export function roomEvent(type: RoomEventFrame['type'], overrides: Partial<RoomEventFrame> = {}): RoomEventFrame {
  return { type, roomId: ROOM, messageId: `${type}-1`, timestamp: AT, ...overrides };
}

export const hostStatus = (connected: boolean): HostStatusFrame => ({ type: 'host_status', roomId: ROOM, connected, timestamp: AT });

export const quota = (type: QuotaFrame['type']): QuotaFrame => ({ type, roomId: ROOM, timestamp: AT });

export const error = (overrides: Partial<ErrorFrame>): ErrorFrame => ({
  type: 'error',
  code: LiveErrorCode.Unavailable,
  message: 'Try again',
  ...overrides,
});
