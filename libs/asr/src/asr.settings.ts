import type { AsrEnv } from './asr.env';

/** How streams are held and replayed (from the environment; tests shorten them). */
export interface AsrSettings {
  sessionMaxMs: number;
  replayMaxMs: number;
  leaseMs: number;
  /** A stream without audio this long is stopped. */
  idleMs: number;
  /** The first wait before a sentence not stored is tried again. */
  storeRetryMs: number;
}

export const ASR_SETTINGS = Symbol('ASR_SETTINGS');

export const asrSettingsOf = (env: AsrEnv): AsrSettings => ({
  sessionMaxMs: env.ASR_SESSION_MAX_MS,
  replayMaxMs: env.ASR_REPLAY_MAX_MS,
  leaseMs: env.ASR_LEASE_MS,
  idleMs: env.ASR_STREAM_IDLE_MS,
  storeRetryMs: env.ASR_STORE_RETRY_MS,
});
