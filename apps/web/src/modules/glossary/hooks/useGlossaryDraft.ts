import { useEffect, useState } from 'react';
import type { GlossaryCredential } from '../api/glossary.api';
import { entriesOf, issuesByRow, rowsOf, type GlossaryRow } from '../glossary-draft';
import { useGlossary } from './useGlossary';

/**
 * A glossary being edited: the stored one once loaded (none for a room not made yet), the rows as edited,
 * and its save, which first shows every problem and refuses to send a glossary the server would refuse.
 */
export function useGlossaryDraft(roomId: string | null, credential: GlossaryCredential | null) {
  const { query, save } = useGlossary(roomId, credential);
  const [rows, setRows] = useState<GlossaryRow[]>([]);
  const [loadedVersion, setLoadedVersion] = useState<number | null>(null);
  const [showAllIssues, setShowAllIssues] = useState(false);

  useEffect(() => {
    if (query.data && loadedVersion === null) {
      setRows(rowsOf(query.data.entries));
      setLoadedVersion(query.data.version);
    }
  }, [query.data, loadedVersion]);

  /** True when the glossary may be sent; otherwise its problems show. */
  const check = (): boolean => {
    setShowAllIssues(true);
    return issuesByRow(rows).all.length === 0;
  };

  const saveTo = (id: string) => save.mutateAsync({ roomId: id, entries: entriesOf(rows) });

  const state = roomId === null ? 'ready' : query.isError ? 'error' : loadedVersion === null ? 'loading' : 'ready';
  return { rows, setRows, showAllIssues, check, saveTo, save, query, state } as const;
}

export type GlossaryDraft = ReturnType<typeof useGlossaryDraft>;
