import type { LanguageCode, SummaryBody, SummaryResponse } from '@lt/contracts';
import { useMutation } from '@tanstack/react-query';

export type SummaryKind = 'summary' | 'catch-up';

export interface SummaryRequest {
  kind: SummaryKind;
  lang: LanguageCode;
  sinceSeq?: number;
}

/**
 * A summary of the whole session, or (catch me up) of what came after a seq; the server makes each once. `ask`
 * is the room's (useViewerRoom's `askSummary`: on the socket).
 */
export function useSummary(ask: (body: SummaryBody) => Promise<SummaryResponse>) {
  return useMutation<SummaryResponse & { kind: SummaryKind; lang: LanguageCode }, Error, SummaryRequest>({
    mutationFn: async ({ kind, lang, sinceSeq }) => ({
      kind,
      // The language it is written in, for its direction: the viewer may switch while it is shown.
      lang,
      ...(await ask(sinceSeq === undefined ? { lang } : { lang, sinceSeq })),
    }),
  });
}
