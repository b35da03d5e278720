import { useCallback, useEffect, useRef, useState } from 'react';
import { AudioSender, type AudioCredentials } from '../audio-sender';
import type { ProviderState, StreamPhase, StreamState } from '../audio-stream-state';
import { LevelStore } from '../level-store';
import { MicrophoneCapture, type ProcessingSwitches } from '../microphone-capture';

export type CaptureProblem = 'microphone-denied' | 'no-device' | 'failed';

/** What the page shows of the audio stream. */
export interface StreamView {
  phase: StreamPhase;
  dropped: boolean;
  provider: { state: ProviderState; message?: string } | null;
  /** The code the server refused the stream with. */
  refused: string | null;
}

export interface ServerCaptureStart {
  targetRate: number;
  sourceLanguage: string;
  deviceId: string | null;
  processing: ProcessingSwitches;
}

export interface ServerCapture {
  recording: boolean;
  levels: LevelStore;
  stream: StreamView | null;
  problem: CaptureProblem | null;
  /** Call in the user's click, before any await (Safari resumes audio only from a gesture). */
  start: (options: ServerCaptureStart) => Promise<boolean>;
  stop: () => void;
}

function viewOf(state: StreamState): StreamView {
  return {
    phase: state.phase,
    dropped: state.dropped > 0,
    provider: state.provider,
    refused: state.phase === 'refused' ? (state.error?.code ?? '') : null,
  };
}

const sameView = (a: StreamView | null, b: StreamView) =>
  a !== null &&
  a.phase === b.phase &&
  a.dropped === b.dropped &&
  a.refused === b.refused &&
  a.provider?.state === b.provider?.state &&
  a.provider?.message === b.provider?.message;

function problemOf(error: unknown): CaptureProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'microphone-denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-device';
  return 'failed';
}

/** The microphone captured in an AudioWorklet and streamed on `/ws/audio` for the server to recognise. */
export function useServerCapture({ roomId, credentials }: { roomId: string; credentials: () => AudioCredentials }): ServerCapture {
  const [recording, setRecording] = useState(false);
  const [stream, setStream] = useState<StreamView | null>(null);
  const [problem, setProblem] = useState<CaptureProblem | null>(null);
  const [levels] = useState(() => new LevelStore());
  const credentialsRef = useRef(credentials);
  credentialsRef.current = credentials;
  const running = useRef<{ capture: MicrophoneCapture; sender: AudioSender } | null>(null);

  const stop = useCallback(() => {
    const current = running.current;
    running.current = null;
    current?.capture.stop();
    current?.sender.stop();
    levels.set({ rms: 0, peak: 0 });
    setRecording(false);
  }, [levels]);

  const start = useCallback(
    (options: ServerCaptureStart) => {
      if (running.current) return Promise.resolve(true);
      setProblem(null);
      setStream(null);
      const sender = new AudioSender({
        roomId,
        sourceLanguage: options.sourceLanguage,
        sampleRate: options.targetRate,
        credentials: () => credentialsRef.current(),
        onChange: (state) => {
          const view = viewOf(state);
          setStream((current) => (sameView(current, view) ? current : view));
          // Refused for good (the room's quota spent, the key revoked): the microphone is let go; the alert stays.
          if (state.phase === 'refused' && running.current?.sender === sender) queueMicrotask(stop);
        },
      });
      const capture = new MicrophoneCapture();
      running.current = { capture, sender };
      const started = capture.start({
        ...options.processing,
        deviceId: options.deviceId,
        targetRate: options.targetRate,
        onChunk: (pcm, atMs) => sender.push(pcm, atMs),
        onLevel: (level) => levels.set(level),
        onEnded: () => {
          setProblem('no-device');
          stop();
        },
      });
      return started.then(
        () => {
          if (running.current?.capture !== capture) return false;
          sender.start();
          setRecording(true);
          return true;
        },
        (error: unknown) => {
          if (running.current?.capture === capture) running.current = null;
          sender.stop();
          setProblem(problemOf(error));
          return false;
        },
      );
    },
    [roomId, levels, stop],
  );

  useEffect(() => stop, [stop]);

  return { recording, levels, stream, problem, start, stop };
}
