import { findLanguage, type LanguageCode, type TranslationFrame } from '@lt/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { fetchMessageAudio } from '../api/viewer.api';
import { AudioQueue, FinalAudioError } from '../audio-queue';
import { audioPlayback, speechPlayback } from '../read-aloud';

interface ReadItem {
  key: string;
  messageId: string;
  lang: LanguageCode;
  text: string;
}

type Source = { kind: 'file'; url: string } | { kind: 'voice'; text: string; voice: string };

// The browser's voices are named by locale, as its speech recognition is.
const voiceOf = (item: ReadItem): Source => ({ kind: 'voice', text: item.text, voice: findLanguage(item.lang)?.speechCode ?? item.lang });

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.json()) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/**
 * Reads new translations aloud, one after another: the server's audio when it has a speech provider, else the
 * browser's own voice. Hosts never use it; muting silences at once.
 */
export function useReadAloud({ roomId, enabled, serverAudio }: { roomId: string; enabled: boolean; serverAudio: boolean }) {
  const serverAudioRef = useLatest(serverAudio);
  const enabledRef = useLatest(enabled);
  // The server said it has no provider after all: the browser's voice from then on.
  const noProviderRef = useRef(false);

  const queue = useMemo(
    () =>
      new AudioQueue<ReadItem, Source>({
        load: async (item) => {
          if (!serverAudioRef.current || noProviderRef.current) return voiceOf(item);
          const response = await fetchMessageAudio(roomId, item.messageId, item.lang);
          if (response.ok) return { kind: 'file', url: URL.createObjectURL(await response.blob()) };
          const code = await errorCode(response);
          if (response.status === 404 && code === 'tts_not_configured') {
            noProviderRef.current = true;
            return voiceOf(item);
          }
          if (response.status === 404 && code === 'tts_no_voice') return voiceOf(item);
          if (response.status === 400 || response.status === 404 || response.status === 409) {
            throw new FinalAudioError(`Audio answered ${response.status}`, code);
          }
          throw new Error(`Audio answered ${response.status}`);
        },
        play: (source) => (source.kind === 'file' ? audioPlayback(source.url) : speechPlayback(source.text, source.voice)),
        release: (source) => {
          if (source.kind === 'file') URL.revokeObjectURL(source.url);
        },
      }),
    [roomId, serverAudioRef],
  );

  useEffect(() => {
    if (!enabled) queue.stop();
  }, [enabled, queue]);
  useEffect(() => () => queue.dispose(), [queue]);

  return useCallback(
    (frame: TranslationFrame) => {
      // Untranslated lines are in the speaker's language, and the server reads none while the quota is spent.
      if (!enabledRef.current || frame.fallback === 'original') return;
      queue.enqueue({ key: `${frame.messageId}:${frame.lang}`, messageId: frame.messageId, lang: frame.lang, text: frame.text });
    },
    [enabledRef, queue],
  );
}
