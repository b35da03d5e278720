import { roomEn } from '../../i18n/room.en';
import type { Recognition } from './hooks/useRecognition';
import type { StreamView } from './hooks/useServerCapture';
import { recognitionAlerts } from './recognition-alerts';

const t = ((key: string, params?: Record<string, unknown>) =>
  (roomEn as Record<string, string>)[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params?.[k] ?? ''))) as never;

const recognition = (stream: StreamView): Recognition => ({ mode: 'server', server: { stream, problem: null } }) as unknown as Recognition;

describe('recognitionAlerts', () => {
  const refused = { phase: 'refused', dropped: false, provider: null } as const;

  it('says the room budget is spent when the server refuses the stream for its quota', () => {
    const stream: StreamView = { ...refused, refused: 'The room quota is spent', refusedCode: 'recognition_quota_exhausted' };
    expect(recognitionAlerts(recognition(stream), t)).toEqual([roomEn['audio.quotaExhausted']]);
  });

  it('passes on the server message of any other refusal', () => {
    const stream: StreamView = { ...refused, refused: 'Viewers cannot stream audio', refusedCode: 'forbidden' };
    expect(recognitionAlerts(recognition(stream), t)).toEqual(['The server refused the audio: Viewers cannot stream audio']);
  });
});
