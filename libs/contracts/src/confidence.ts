export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** The confidence buckets logs use: above 0.8 high, above 0.5 medium, else low. */
export function confidenceLevel(confidence: number | null | undefined): ConfidenceLevel {
  if (confidence == null || Number.isNaN(confidence)) return 'medium';
  if (confidence > 0.8) return 'high';
  if (confidence > 0.5) return 'medium';
  return 'low';
}
