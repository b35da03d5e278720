export enum TtsErrorCode {
  /** TTS_PROVIDER is none: viewers read aloud with the browser's own voice. */
  NotConfigured = 'tts_not_configured',
  /** The provider has no voice for that language (Google for Persian, say): viewers use the browser's voice for it. */
  NoVoice = 'tts_no_voice',
  MessageNotFound = 'message_not_found',
  SynthesisFailed = 'synthesis_failed',
  /** The room's owner's token quota (or an anonymous room's budget) is spent. */
  QuotaExhausted = 'tts_quota_exhausted',
}
