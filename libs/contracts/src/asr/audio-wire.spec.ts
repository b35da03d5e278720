import { AUDIO_LIMITS, AUDIO_STOP_MESSAGE, audioChunkMaxBytes, encodeAudioChunk, parseAudioIn } from './audio-wire';

describe("a stream's audio on the bus (asr.stream.<id>.in)", () => {
  const rate = 16_000;
  const pcm = (bytes: number) => Uint8Array.from({ length: bytes }, (_, i) => i % 251);

  it('is the binary frame the page sent: seq, capture time and PCM come back as they went', () => {
    const sent = pcm(3200);
    const message = parseAudioIn(encodeAudioChunk({ seq: 41, atMs: 123_456, pcm: sent }), rate);
    expect(message).toEqual({ type: 'chunk', chunk: { seq: 41, atMs: 123_456, pcm: sent } });
  });

  it('is a stop when empty', () => {
    expect(parseAudioIn(AUDIO_STOP_MESSAGE, rate)).toEqual({ type: 'stop' });
  });

  it.each([
    ['shorter than its header', new Uint8Array(AUDIO_LIMITS.headerBytes - 1)],
    ['an odd number of PCM bytes', new Uint8Array(AUDIO_LIMITS.headerBytes + 3)],
    ['more than 200 ms at the stream rate', encodeAudioChunk({ seq: 0, atMs: 0, pcm: pcm(audioChunkMaxBytes(rate) + 2) })],
  ])('is dropped when %s', (_, data) => {
    expect(parseAudioIn(data, rate)).toBeNull();
  });

  it('bounds a chunk by the stream rate: 200 ms at 48 kHz passes, not at 16 kHz', () => {
    const chunk = encodeAudioChunk({ seq: 0, atMs: 0, pcm: pcm(48_000 * 2 * 0.2) });
    expect(parseAudioIn(chunk, 48_000)?.type).toBe('chunk');
    expect(parseAudioIn(chunk, 16_000)).toBeNull();
  });
});
