import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { requestMicrophone, type MicrophonePermission } from '../microphone';
import { SpeechCapture, type SpeechCaptureError, type SpeechResult } from '../speech-capture';

export interface SpeechCaptureHandlers {
  onFinal: (result: SpeechResult) => void;
  onInterim: (result: SpeechResult) => void;
}

export interface SpeechCaptureState {
  supported: boolean;
  recording: boolean;
  microphone: MicrophonePermission;
  error: SpeechCaptureError | null;
  start: (speechCode: string) => Promise<boolean>;
  stop: () => void;
}

export function useSpeechCapture(handlers: SpeechCaptureHandlers): SpeechCaptureState {
  const handlersRef = useLatest(handlers);
  const [recording, setRecording] = useState(false);
  const [microphone, setMicrophone] = useState<MicrophonePermission>('prompt');
  const [error, setError] = useState<SpeechCaptureError | null>(null);
  const [supported] = useState(() => SpeechCapture.isSupported());
  const captureRef = useRef<SpeechCapture | null>(null);

  if (!captureRef.current) {
    captureRef.current = new SpeechCapture({
      onEvent: (event) => {
        switch (event.type) {
          case 'final':
            setError(null);
            handlersRef.current.onFinal(event.result);
            break;
          case 'interim':
            handlersRef.current.onInterim(event.result);
            break;
          case 'recording':
            setRecording(event.recording);
            break;
          case 'listening':
            setError((current) => (current?.kind === 'recognition' ? null : current));
            break;
          case 'error':
            if (event.error.kind === 'microphone-denied') setMicrophone('denied');
            setError(event.error);
            break;
        }
      },
    });
  }

  useEffect(() => () => captureRef.current?.stop(), []);

  const start = useCallback(async (speechCode: string) => {
    setError(null);
    const permission = await requestMicrophone();
    setMicrophone(permission);
    if (permission === 'denied') {
      setError({ kind: 'microphone-denied' });
      return false;
    }
    return captureRef.current?.start(speechCode) ?? false;
  }, []);

  const stop = useCallback(() => captureRef.current?.stop(), []);

  return { supported, recording, microphone, error, start, stop };
}
