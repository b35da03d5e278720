import { useEffect, useMemo, useState } from 'react';
import type { GlossaryCredential } from '../api/glossary.api';
import { entriesOf, issuesByRow, rowsOf, type GlossaryRow } from '../glossary-draft';
import { useGlossary } from './useGlossary';

/** The entries as saved (or loaded), to tell whether the rows hold edits that would be lost. */
const snapshot = (rows: readonly GlossaryRow[]) => JSON.stringify(entriesOf(rows));

/**
 * A glossary being edited: the stored one once loaded (none for a room not made yet), the rows as edited,
 * whether they differ from what is stored, and its save, which first shows every problem and refuses to send
 * a glossary the server would refuse.
 */
export function useGlossaryDraft(roomId: string | null, credential: GlossaryCredential | null) {
  const { query, save } = useGlossary(roomId, credential);
  const [rows, setRows] = useState<GlossaryRow[]>([]);
  const [loadedVersion, setLoadedVersion] = useState<number | null>(null);
  const [showAllIssues, setShowAllIssues] = useState(false);
  const [stored, setStored] = useState(() => snapshot([]));

  useEffect(() => {
    if (query.data && loadedVersion === null) {
      const loaded = rowsOf(query.data.entries);
      setRows(loaded);
      setStored(snapshot(loaded));
      setLoadedVersion(query.data.version);
    }
  }, [query.data, loadedVersion]);

  /** True when the glossary may be sent; otherwise its problems show. */
  const check = (): boolean => {
    setShowAllIssues(true);
    return issuesByRow(rows).all.length === 0;
  };

  const saveTo = async (id: string) => {
    const sent = rows;
    const saved = await save.mutateAsync({ roomId: id, entries: entriesOf(sent) });
    setStored(snapshot(sent));
    return saved;
  };

  const dirty = useMemo(() => snapshot(rows) !== stored, [rows, stored]);
  const state = roomId === null ? 'ready' : query.isError ? 'error' : loadedVersion === null ? 'loading' : 'ready';
  return { rows, setRows, showAllIssues, check, saveTo, save, query, state, dirty } as const;
}

export type GlossaryDraft = ReturnType<typeof useGlossaryDraft>;
