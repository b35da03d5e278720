export enum SummaryErrorCode {
  /** No message (or no translation of one) in the span asked for: spec 'No translations to summarize'. */
  NothingToSummarize = 'nothing_to_summarize',
  /** No language model is configured. */
  Unavailable = 'summary_unavailable',
  /** The room's owner's token quota (or an anonymous room's budget) is spent. */
  QuotaExhausted = 'quota_exhausted',
}
