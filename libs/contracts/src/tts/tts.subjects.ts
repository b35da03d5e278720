/** Bus subjects served by tts-svc. */
export const TTS_SUBJECTS = { status: 'tts.provider.status' } as const;
