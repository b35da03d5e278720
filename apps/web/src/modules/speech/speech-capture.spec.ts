import type { RecognitionLike, RecognitionResultEventLike } from './recognition.types';
import { SpeechCapture, type SpeechCaptureEvent } from './speech-capture';

class FakeRecognition implements RecognitionLike {
  continuous = false;
  interimResults = false;
  lang = '';
  maxAlternatives = 0;
  onstart: (() => void) | null = null;
  onresult: ((event: RecognitionResultEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = jest.fn();
  stop = jest.fn();
  abort = jest.fn();

  result(...items: { transcript: string; confidence?: number | null; isFinal: boolean }[]) {
    const results = items.map((item) =>
      Object.assign([{ transcript: item.transcript, confidence: item.confidence }], { isFinal: item.isFinal }),
    );
    this.onresult?.({ resultIndex: 0, results });
  }
}

function setup() {
  const recognition = new FakeRecognition();
  const events: SpeechCaptureEvent[] = [];
  let id = 0;
  const capture = new SpeechCapture({
    onEvent: (event) => events.push(event),
    createRecognition: () => recognition,
    newId: () => `id-${++id}`,
    now: () => new Date('2026-01-01T10:00:00.000Z'),
  });
  return { recognition, events, capture };
}

const at = '2026-01-01T10:00:00.000Z';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('SpeechCapture start and stop', () => {
  it('configures a continuous recogniser with interim results in the speech language', () => {
    const { recognition, events, capture } = setup();
    expect(capture.start('es-ES')).toBe(true);
    expect(recognition).toMatchObject({ continuous: true, interimResults: true, lang: 'es-ES' });
    expect(recognition.start).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'recording', recording: true }]);
  });

  it('reports an unsupported browser', () => {
    const events: SpeechCaptureEvent[] = [];
    const capture = new SpeechCapture({ onEvent: (e) => events.push(e), createRecognition: () => undefined });
    expect(capture.start('en-US')).toBe(false);
    expect(events).toEqual([{ type: 'error', error: { kind: 'not-supported' } }]);
  });

  it('does not restart after the user stops', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    capture.stop();
    recognition.onend?.();
    jest.advanceTimersByTime(5000);
    expect(recognition.start).toHaveBeenCalledTimes(1);
    expect(recognition.stop).toHaveBeenCalledTimes(1);
    expect(events.at(-1)).toEqual({ type: 'recording', recording: false });
  });
});

describe('SpeechCapture final results', () => {
  it('emits trimmed finals and applies the length and confidence rules', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    recognition.result({ transcript: '  Hello world  ', confidence: 0.95, isFinal: true });
    recognition.result({ transcript: ' ok ', confidence: 0.99, isFinal: true });
    recognition.result({ transcript: 'too unsure', confidence: 0.69, isFinal: true });
    recognition.result({ transcript: 'right at the threshold', confidence: 0.7, isFinal: true });
    recognition.result({ transcript: 'no score', isFinal: true });
    recognition.result({ transcript: 'null score', confidence: null, isFinal: true });
    recognition.result({ transcript: 'zero score', confidence: 0, isFinal: true });
    recognition.result({ transcript: 'abc', confidence: 0.9, isFinal: true });
    expect(events).toEqual([
      { type: 'final', result: { messageId: 'id-1', text: 'Hello world', confidence: 0.95, timestamp: at } },
      { type: 'final', result: { messageId: 'id-2', text: 'right at the threshold', confidence: 0.7, timestamp: at } },
      { type: 'final', result: { messageId: 'id-3', text: 'no score', confidence: 0.8, timestamp: at } },
      { type: 'final', result: { messageId: 'id-4', text: 'null score', confidence: 0.8, timestamp: at } },
      { type: 'final', result: { messageId: 'id-5', text: 'zero score', confidence: 0.8, timestamp: at } },
      { type: 'final', result: { messageId: 'id-6', text: 'abc', confidence: 0.9, timestamp: at } },
    ]);
  });

  it('gives every final a fresh uuid by default', () => {
    const recognition = new FakeRecognition();
    const finals: string[] = [];
    const capture = new SpeechCapture({
      onEvent: (e) => e.type === 'final' && finals.push(e.result.messageId),
      createRecognition: () => recognition,
    });
    capture.start('en-US');
    recognition.result({ transcript: 'first sentence', confidence: 0.9, isFinal: true });
    recognition.result({ transcript: 'first sentence', confidence: 0.9, isFinal: true });
    expect(finals).toHaveLength(2);
    expect(finals[0]).not.toBe(finals[1]);
    finals.forEach((id) => expect(id).toMatch(/^[0-9a-f-]{36}$/));
  });
});

describe('SpeechCapture interim results', () => {
  it('emits an interim only after 400 ms unchanged, with confidence x 0.9', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    recognition.result({ transcript: 'Hello', confidence: 0.9, isFinal: false });
    jest.advanceTimersByTime(399);
    expect(events).toEqual([]);
    recognition.result({ transcript: 'Hello', confidence: 0.9, isFinal: false });
    jest.advanceTimersByTime(1);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.type).toBe('interim');
    if (event.type !== 'interim') return;
    expect(event.result.text).toBe('Hello');
    expect(event.result.confidence).toBeCloseTo(0.81, 10);
  });

  it('restarts the wait when the text changes and never repeats the same text', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    recognition.result({ transcript: 'Hello', isFinal: false });
    jest.advanceTimersByTime(300);
    recognition.result({ transcript: 'Hello there', isFinal: false });
    jest.advanceTimersByTime(300);
    expect(events).toEqual([]);
    jest.advanceTimersByTime(100);
    recognition.result({ transcript: 'Hello', isFinal: false });
    jest.advanceTimersByTime(50);
    recognition.result({ transcript: 'Hello there', isFinal: false });
    jest.advanceTimersByTime(1000);
    expect(events.map((e) => e.type === 'interim' && [e.result.text, Number(e.result.confidence.toFixed(4))])).toEqual([
      ['Hello there', 0.72],
    ]);
  });

  it('drops a pending interim when the final arrives', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    recognition.result({ transcript: 'Good morning', isFinal: false });
    jest.advanceTimersByTime(200);
    recognition.result({ transcript: 'Good morning all', confidence: 0.9, isFinal: true });
    jest.advanceTimersByTime(1000);
    expect(events.map((e) => e.type)).toEqual(['final']);
  });
});

describe('SpeechCapture restarts', () => {
  it('restarts 0.5 s after an end and 1 s after an error, counting one attempt per failure', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    recognition.onend?.();
    jest.advanceTimersByTime(499);
    expect(recognition.start).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(recognition.start).toHaveBeenCalledTimes(2);

    recognition.onerror?.({ error: 'network' });
    recognition.onend?.();
    jest.advanceTimersByTime(999);
    expect(recognition.start).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    expect(recognition.start).toHaveBeenCalledTimes(3);
    expect(events).toEqual([{ type: 'error', error: { kind: 'recognition', code: 'network' } }]);
  });

  it('gives up with max-retries-reached after 3 attempts without a successful start', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    for (let i = 0; i < 3; i++) {
      recognition.onend?.();
      jest.advanceTimersByTime(500);
    }
    expect(recognition.start).toHaveBeenCalledTimes(4);
    recognition.onend?.();
    jest.advanceTimersByTime(5000);
    expect(recognition.start).toHaveBeenCalledTimes(4);
    expect(events).toEqual([
      { type: 'error', error: { kind: 'max-retries-reached' } },
      { type: 'recording', recording: false },
    ]);
    expect(capture.isRecording).toBe(false);
  });

  it('resets the attempt counter on a successful start', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) {
        recognition.onend?.();
        jest.advanceTimersByTime(500);
      }
      recognition.onstart?.();
    }
    expect(recognition.start).toHaveBeenCalledTimes(10);
    expect(events).toEqual(Array(3).fill({ type: 'listening' }));
  });

  it('stops without restarting when the microphone is not allowed', () => {
    const { recognition, events, capture } = setup();
    capture.start('en-US');
    events.length = 0;
    recognition.onerror?.({ error: 'not-allowed' });
    recognition.onend?.();
    jest.advanceTimersByTime(5000);
    expect(recognition.start).toHaveBeenCalledTimes(1);
    expect(events).toEqual([
      { type: 'error', error: { kind: 'microphone-denied' } },
      { type: 'recording', recording: false },
    ]);
  });
});
