import { errorsEn } from '../../i18n/errors.en';
import { roomEn } from '../../i18n/room.en';
import type { Recognition } from './hooks/useRecognition';
import type { StreamView } from './hooks/useServerCapture';
import { recognitionAlerts } from './recognition-alerts';

const texts: Record<string, string> = {
  ...roomEn,
  ...Object.fromEntries(Object.entries(errorsEn).map(([code, text]) => [`error.code.${code}`, text])),
};
const t = ((key: string, params?: Record<string, unknown>) =>
  texts[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params?.[k] ?? ''))) as never;

const recognition = (stream: StreamView): Recognition => ({ mode: 'server', server: { stream, problem: null } }) as unknown as Recognition;

describe('recognitionAlerts', () => {
  const refused = { phase: 'refused', dropped: false, provider: null } as const;

  it('says the room budget is spent when the server refuses the stream for its quota', () => {
    const stream: StreamView = { ...refused, refused: 'recognition_quota_exhausted' };
    expect(recognitionAlerts(recognition(stream), t)).toEqual([roomEn['audio.quotaExhausted']]);
  });

  it('says any other refusal by its code, in the interface language', () => {
    const stream: StreamView = { ...refused, refused: 'forbidden' };
    expect(recognitionAlerts(recognition(stream), t)).toEqual([`The server refused the audio: ${errorsEn.forbidden}`]);
  });
});
