import type { RoomTranslate } from '../../i18n/useRoomT';
import { errorCodeText } from '../../lib/error-text';
import { RECOGNITION_QUOTA_EXHAUSTED } from './audio-stream-state';
import type { Recognition } from './hooks/useRecognition';

/** The audio stream's troubles, as the page's alert texts. */
export function recognitionAlerts(recognition: Recognition, t: RoomTranslate): string[] {
  if (recognition.mode !== 'server') return [];
  const { stream, problem } = recognition.server;
  const alerts: string[] = [];
  if (problem === 'microphone-denied') alerts.push(t('host.micDenied'));
  if (problem === 'no-device') alerts.push(t('audio.noDevice'));
  if (problem === 'failed') alerts.push(t('audio.failed'));
  if (!stream || stream.phase === 'stopped') return alerts;
  if (stream.refused === RECOGNITION_QUOTA_EXHAUSTED) alerts.push(t('audio.quotaExhausted'));
  else if (stream.refused !== null) alerts.push(t('audio.refused', { message: errorCodeText(stream.refused, t) }));
  if (stream.phase === 'waiting') alerts.push(t('audio.reconnecting'));
  if (stream.dropped) alerts.push(t('audio.dropped'));
  if (stream.provider?.state === 'reconnecting') alerts.push(t('audio.providerReconnecting'));
  return alerts;
}

/** The provider failed: said at once, with the way back to the browser's recogniser where there is one. */
export function providerFailure(recognition: Recognition, t: RoomTranslate): string | null {
  const provider = recognition.server.stream?.provider;
  if (recognition.mode !== 'server' || !recognition.server.recording || provider?.state !== 'provider_error') return null;
  // The provider's own message is English, for operators: the page shows its own text in the interface language.
  return t('audio.providerError');
}
