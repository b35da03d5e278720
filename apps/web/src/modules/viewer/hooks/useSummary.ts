import type { LanguageCode, SummaryResponse } from '@lt/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestSummary } from '../api/viewer.api';

export type SummaryKind = 'summary' | 'catch-up';

export interface SummaryRequest {
  kind: SummaryKind;
  lang: LanguageCode;
  sinceSeq?: number;
}

/** A summary of the whole session, or (catch me up) of what came after a seq; the server makes each once. */
export function useSummary(roomId: string) {
  return useMutation<SummaryResponse & { kind: SummaryKind; lang: LanguageCode }, Error, SummaryRequest>({
    mutationFn: async ({ kind, lang, sinceSeq }) => ({
      kind,
      // The language it is written in, for its direction: the viewer may switch while it is shown.
      lang,
      ...(await requestSummary(roomId, sinceSeq === undefined ? { lang } : { lang, sinceSeq })),
    }),
  });
}
