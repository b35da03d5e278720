/** Business constants and limits, shared by the web and the services. */
export const LIMITS = {
  roomNameMax: 50,
  speakerNameMax: 50,
  roomIdShort: 8,
  passwordMin: 6,
  /** WebSocket frames are JSON text of at most this many bytes. */
  frameMaxBytes: 64 * 1024,
  transcriptTextMax: 5000,
  /** Recent messages a late viewer receives in its language. */
  viewerHistory: 50,
  /** Messages one resync answer carries at most. */
  resyncBatch: 200,
  /** Frames a socket may send per second on average, and in one burst; a socket over it for long is closed. */
  framesPerSecond: 20,
  frameBurst: 60,
} as const;

export const SPEECH = {
  confidenceThreshold: 0.7,
  defaultConfidence: 0.8,
  interimFactor: 0.9,
  interimStableMs: 400,
  minTranscriptLength: 3,
  restartMax: 3,
  restartDelayAfterErrorMs: 1000,
  restartDelayAfterEndMs: 500,
} as const;

export const REALTIME = {
  connectTimeoutMs: 10_000,
  reconnectDelayMs: 3_000,
  sendRetries: 3,
  /** How long a gateway waits for a translation before asking for it on demand. */
  translationWaitMs: 5_000,
  presenceHeartbeatMs: 10_000,
  presenceTtlMs: 30_000,
  /** The gateway pings every socket this often (WebSocket ping) and closes one that missed two pongs. */
  serverPingMs: 30_000,
  /** A socket that has not sent `join` this long after opening is closed. */
  joinWithinMs: 10_000,
} as const;

export const PLANS = {
  free: { tokenQuota: 10_000 },
  premium: { tokenQuota: 100_000 },
} as const;

export const SCHEDULE = {
  readyBeforeMinutes: 15,
  readyAfterMinutes: 5,
  durations: [30, 60, 90, 120, 180, 240] as const,
  defaultDuration: 60,
} as const;

export const LLM = {
  defaultModel: 'gpt-4o',
  translation: { temperature: 0.1, maxTokensCap: 1024, maxTokensFactor: 2.5 },
  summary: { temperature: 0.3, maxTokensCap: 1200, maxTokensFactor: 2, topP: 0.8, frequencyPenalty: 0.5 },
  enhancement: { temperature: 0.05, maxTokensCap: 768, maxTokensFactor: 2 },
  retries: 2,
  timeoutMs: 600_000,
} as const;

/** Prefix the product puts before the untranslated text a viewer is shown when translation fails. */
export const ORIGINAL_PREFIX = '[Original] ';

/**
 * Summaries cover the transcript from a multiple of this seq: askers of nearby points share one summary. Here, in a
 * module without schemas, so that the viewer page that uses it does not load zod.
 */
export const SUMMARY_SEQ_STEP = 10;
