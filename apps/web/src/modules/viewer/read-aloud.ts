import type { Playback } from './audio-queue';

/** Whether the browser has voices of its own (the way to read aloud when the server has no speech provider). */
export function readAloudAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

export function stopReadingAloud(): void {
  if (readAloudAvailable()) window.speechSynthesis.cancel();
}

function settled(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A playback nobody waits on any more must not report an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Reads text with the browser's voice for `voiceLang`. */
export function speechPlayback(text: string, voiceLang: string): Playback {
  const started = settled();
  const ended = settled();
  if (!readAloudAvailable() || !text.trim()) {
    started.reject(new Error('Speech synthesis not available'));
    ended.resolve();
    return { started: started.promise, ended: ended.promise, stop: () => undefined };
  }
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = voiceLang;
  utterance.onstart = () => started.resolve();
  utterance.onend = () => {
    started.resolve();
    ended.resolve();
  };
  utterance.onerror = (event) => {
    started.reject(new Error(event.error));
    ended.resolve();
  };
  window.speechSynthesis.speak(utterance);
  return {
    started: started.promise,
    ended: ended.promise,
    stop: () => {
      stopReadingAloud();
      ended.resolve();
    },
  };
}

/** Plays an audio file (an object URL of the server's MP3) with an Audio element. */
export function audioPlayback(src: string): Playback {
  const started = settled();
  const ended = settled();
  const audio = new Audio(src);
  audio.onplaying = () => started.resolve();
  audio.onended = () => {
    started.resolve();
    ended.resolve();
  };
  audio.onerror = () => {
    started.reject(new Error('Audio could not be played'));
    ended.resolve();
  };
  audio.play().catch((error: unknown) => {
    started.reject(error);
    ended.resolve();
  });
  return {
    started: started.promise,
    ended: ended.promise,
    stop: () => {
      audio.pause();
      ended.resolve();
    },
  };
}
