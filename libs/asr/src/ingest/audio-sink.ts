/**
 * The one entry for audio, as docs/audio.md fixes it (`AudioStreams` in libs/asr implements it). The feed ingest
 * pushes the venue's decoded PCM into it like the audio socket does a browser's.
 */
export interface AudioSink {
  open(stream: {
    streamId: string;
    roomId: string;
    source: 'browser' | 'feed';
    speakerId: string;
    speakerName: string;
    sourceLanguage: string;
    sampleRate: number;
  }): Promise<{ nextSeq: number; sampleRate: number }>;
  push(streamId: string, seq: number, atMs: number, pcm: Buffer): void;
  stop(streamId: string): Promise<void>;
}
