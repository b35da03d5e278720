import type { ServerRecognition } from '@lt/contracts';
import { useCallback, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage';
import type { SpeechCaptureState } from '../../speech/hooks/useSpeechCapture';
import type { MicrophonePermission } from '../../speech/microphone';
import type { AudioCredentials } from '../audio-sender';
import { canCaptureAudio } from '../microphone-capture';
import { useAudioInputs, type AudioInputs } from './useAudioInputs';
import { useServerCapture, type ServerCapture } from './useServerCapture';

export type RecognitionMode = 'browser' | 'server';

/** The mode this browser's host or speaker picked last time: a host who recognises in the browser keeps doing so. */
export const RECOGNITION_MODE_KEY = 'lt.recognition.mode';

function rememberedMode(): RecognitionMode | null {
  const kept = readStorage(RECOGNITION_MODE_KEY);
  return kept === 'browser' || kept === 'server' ? kept : null;
}

export interface Recognition {
  mode: RecognitionMode;
  /** The server has a provider (the `joined` frame said so). */
  serverOffered: boolean;
  /** ...and this browser can capture for it (AudioWorklet). */
  serverUsable: boolean;
  browserSupported: boolean;
  setMode: (mode: RecognitionMode) => void;
  /** Whether the page can record at all, in the mode chosen. */
  supported: boolean;
  recording: boolean;
  microphone: MicrophonePermission;
  /** Call in the user's click. */
  start: (language: string, speechCode: string) => Promise<boolean>;
  stop: () => void;
  /** After a provider failure: stop streaming, and recognise in this browser instead. */
  switchToBrowser: () => Promise<boolean>;
  inputs: AudioInputs;
  server: ServerCapture;
}

/**
 * Where speech is recognised: on the server when it has a provider (the default then, and the only way in a
 * browser without the Web Speech API, such as Firefox), else in this browser as before. The host's own pick
 * is remembered in this browser.
 */
export function useRecognition({
  roomId,
  serverRecognition,
  speech,
  credentials,
}: {
  roomId: string;
  serverRecognition: ServerRecognition | null;
  speech: SpeechCaptureState;
  credentials: () => AudioCredentials;
}): Recognition {
  const [chosen, setChosen] = useState<RecognitionMode | null>(rememberedMode);
  const [captureSupported] = useState(canCaptureAudio);
  const serverOffered = serverRecognition !== null;
  const serverUsable = serverOffered && captureSupported;
  const mode: RecognitionMode = serverUsable && (!speech.supported || chosen !== 'browser') ? 'server' : 'browser';
  const inputs = useAudioInputs(serverUsable);
  const server = useServerCapture({ roomId, credentials });
  const lastSpeechCode = useRef<string | null>(null);

  const start = useCallback(
    (language: string, speechCode: string) => {
      lastSpeechCode.current = speechCode;
      if (mode === 'browser' || !serverRecognition) return speech.start(speechCode);
      const started = server.start({
        targetRate: serverRecognition.sampleRate,
        sourceLanguage: language,
        deviceId: inputs.deviceId,
        processing: inputs.processing,
      });
      // Names of the inputs are readable once the microphone is allowed.
      return started.then((ok) => {
        inputs.refresh();
        return ok;
      });
    },
    [mode, serverRecognition, speech, server, inputs],
  );

  const stop = useCallback(() => {
    server.stop();
    speech.stop();
  }, [server, speech]);

  const setMode = useCallback((next: RecognitionMode) => {
    setChosen(next);
    writeStorage(RECOGNITION_MODE_KEY, next);
  }, []);

  const switchToBrowser = useCallback(() => {
    server.stop();
    setChosen('browser');
    const code = lastSpeechCode.current;
    return code && speech.supported ? speech.start(code) : Promise.resolve(false);
  }, [server, speech]);

  return {
    mode,
    serverOffered,
    serverUsable,
    browserSupported: speech.supported,
    setMode,
    supported: mode === 'server' || speech.supported,
    recording: mode === 'server' ? server.recording : speech.recording,
    microphone:
      mode === 'browser'
        ? speech.microphone
        : server.problem === 'microphone-denied'
          ? 'denied'
          : server.recording
            ? 'granted'
            : speech.microphone,
    start,
    stop,
    switchToBrowser,
    inputs,
    server,
  };
}
