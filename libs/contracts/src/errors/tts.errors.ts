export enum TtsErrorCode {
  /** TTS_PROVIDER is none: viewers read aloud with the browser's own voice. */
  NotConfigured = 'tts_not_configured',
  MessageNotFound = 'message_not_found',
  SynthesisFailed = 'synthesis_failed',
  /** The room's owner's token quota (or an anonymous room's budget) is spent. */
  QuotaExhausted = 'tts_quota_exhausted',
}
