import { z } from 'zod';
import { requestRoute, typed } from '../bus/route';

export interface TtsStatusResponse {
  providerConfigured: boolean;
}

/** Bus subjects served by tts-svc. */
export const TTS_SUBJECTS = {
  status: requestRoute('tts.provider.status', z.object({}), typed<TtsStatusResponse>()),
} as const;
