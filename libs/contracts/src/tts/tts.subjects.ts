import { z } from 'zod';
import { requestRoute, typed } from '../bus/route';
import { serviceHealthSchema } from '../health';

export interface TtsStatusResponse {
  providerConfigured: boolean;
}

/** Bus subjects served by tts-svc. */
export const TTS_SUBJECTS = {
  status: requestRoute('tts.provider.status', z.object({}), typed<TtsStatusResponse>()),
  /** request: whether tts-svc answers (the admin panel's System Health) */
  health: requestRoute('tts.health.check', z.object({}), serviceHealthSchema),
} as const;
