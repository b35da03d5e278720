import type { TranscriptEventFrame, TranscriptFrame } from '@lt/contracts';
import { initialTranscriptLog, LOG_LIMIT, transcriptLogReducer, type TranscriptEntry } from './transcript-log';

function sent(id: string, text = `text ${id}`): TranscriptFrame {
  return {
    type: 'transcript',
    messageId: id,
    text,
    sourceLanguage: 'en',
    timestamp: '2026-01-01T10:00:00.000Z',
    confidence: 0.9,
    final: true,
  };
}

function stored(id: string, seq: number): TranscriptEventFrame {
  return {
    type: 'transcript',
    roomId: 'r',
    messageId: id,
    seq,
    text: `stored ${id}`,
    sourceLanguage: 'en',
    timestamp: '2026-01-01T10:00:01.000Z',
    speakerId: 'speaker-1',
    speakerName: 'Ana',
    enhanced: false,
  };
}

const states = (log: TranscriptEntry[]) => log.map((e) => [e.messageId, e.state, e.seq]);

describe('transcriptLogReducer', () => {
  it('shows a final as pending until its ack, then with its seq', () => {
    let log = transcriptLogReducer([], { type: 'sent', frame: sent('a') });
    log = transcriptLogReducer(log, { type: 'sent', frame: sent('b') });
    log = transcriptLogReducer(log, { type: 'sent', frame: sent('a') });
    expect(states(log)).toEqual([
      ['a', 'pending', undefined],
      ['b', 'pending', undefined],
    ]);
    log = transcriptLogReducer(log, { type: 'acked', messageId: 'b', seq: 7 });
    expect(states(log)).toEqual([
      ['a', 'pending', undefined],
      ['b', 'acked', 7],
    ]);
  });

  it('marks a refused final as failed, and acked again if a resend succeeds', () => {
    let log = initialTranscriptLog([sent('a'), sent('b')]);
    log = transcriptLogReducer(log, { type: 'failed', messageId: 'a', code: 'room_not_active' });
    expect(log[0]).toMatchObject({ state: 'failed', errorCode: 'room_not_active' });
    log = transcriptLogReducer(log, { type: 'acked', messageId: 'a', seq: 3 });
    expect(log[0]).toMatchObject({ state: 'acked', seq: 3, errorCode: undefined });
    log = transcriptLogReducer(log, { type: 'failed', messageId: 'a', code: 'internal' });
    expect(log[0].state).toBe('acked');
  });

  it('adds transcripts stored for other speakers and confirms own ones', () => {
    let log = transcriptLogReducer([], { type: 'sent', frame: sent('a') });
    log = transcriptLogReducer(log, { type: 'stored', frame: stored('a', 1) });
    log = transcriptLogReducer(log, { type: 'stored', frame: stored('z', 2) });
    expect(states(log)).toEqual([
      ['a', 'acked', 1],
      ['z', 'acked', 2],
    ]);
    expect(log[1]).toMatchObject({ text: 'stored z', speakerName: 'Ana' });
  });

  it('clears everything but what is still waiting for the server when the room starts', () => {
    let log = initialTranscriptLog([sent('a'), sent('b')]);
    log = transcriptLogReducer(log, { type: 'acked', messageId: 'a', seq: 1 });
    log = transcriptLogReducer(log, { type: 'cleared' });
    expect(states(log)).toEqual([['b', 'pending', undefined]]);
  });

  it('keeps the latest entries only', () => {
    let log: TranscriptEntry[] = [];
    for (let i = 0; i < LOG_LIMIT + 5; i++) log = transcriptLogReducer(log, { type: 'sent', frame: sent(`m${i}`) });
    expect(log).toHaveLength(LOG_LIMIT);
    expect(log[0].messageId).toBe('m5');
  });
});
