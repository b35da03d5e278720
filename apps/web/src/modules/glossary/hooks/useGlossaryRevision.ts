import { GLOSSARY_REVISION, type GlossaryRevisionResponse } from '@lt/contracts';
import { useMutation } from '@tanstack/react-query';
import { reviseWithGlossary, type GlossaryCredential } from '../api/glossary.api';

/** The host's request to translate the room's last lines again with the saved glossary. */
export function useGlossaryRevision(roomId: string, credential: GlossaryCredential, lines: number = GLOSSARY_REVISION.defaultLines) {
  const mutation = useMutation<GlossaryRevisionResponse, Error, void>({ mutationFn: () => reviseWithGlossary(roomId, lines, credential) });
  return { ...mutation, lines };
}
