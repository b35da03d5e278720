import { SpeechDetector, type HeardUtterance } from './speech-detector';
import { sentencePitch, silencePcm, tonePcm } from './test-speech';

const RATE = 16_000;

function heard(speechMs: number, hz: number): HeardUtterance[] {
  const utterances: HeardUtterance[] = [];
  const detector = new SpeechDetector(RATE, { started: () => undefined, progress: () => undefined, stopped: (u) => utterances.push(u) });
  detector.push(silencePcm(200, RATE));
  detector.push(tonePcm(hz, speechMs, RATE));
  detector.push(silencePcm(400, RATE));
  return utterances;
}

describe('SpeechDetector', () => {
  it.each([900, 400, 120])("hears a %i ms tone's true pitch, so a fragment cut short names its own sentence", (speechMs) => {
    const [utterance] = heard(speechMs, sentencePitch(2));
    expect(utterance.endMs - utterance.startMs).toBe(speechMs);
    expect(Math.abs(utterance.pitchHz - sentencePitch(2))).toBeLessThan(20);
  });

  it('hears nothing in silence or in a blip shorter than the start of speech', () => {
    expect(heard(40, sentencePitch(1))).toEqual([]);
  });
});
