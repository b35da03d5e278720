export type MicrophonePermission = 'prompt' | 'granted' | 'denied';

/**
 * Asks for the microphone once so the browser prompt appears before recognition starts.
 * Only a refusal counts as denied: a missing device or API is left for the recogniser to report.
 */
export async function requestMicrophone(): Promise<MicrophonePermission> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) return 'prompt';
  try {
    const stream = await media.getUserMedia({ audio: true });
    stream.getTracks().forEach((track) => track.stop());
    return 'granted';
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'prompt';
  }
}
