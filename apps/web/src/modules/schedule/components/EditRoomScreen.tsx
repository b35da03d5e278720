import { useId, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { useAuth } from '../../auth/hooks/useAuth';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import type { GlossaryCredential } from '../../glossary/api/glossary.api';
import { exportNameOf } from '../../glossary/glossary-draft';
import { GlossarySection } from '../../glossary/components/GlossarySection';
import { useGlossaryDraft } from '../../glossary/hooks/useGlossaryDraft';
import { IngestSection } from '../../ingest/components/IngestSection';
import { useRoom } from '../../rooms/hooks/useRoom';
import { useSaveRoom } from '../../rooms/hooks/useSaveRoom';
import { formValuesOf, updateBody } from '../room-form';
import { RoomForm } from './RoomForm';

export function EditRoomScreen({ roomId }: { roomId: string }) {
  const t = useDashboardT();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const room = useRoom(roomId);
  const save = useSaveRoom();
  const { client } = useAuth();
  const session = useMemo<GlossaryCredential>(() => ({ kind: 'session', request: client.request }), [client]);
  const glossary = useGlossaryDraft(roomId, session);
  const busy = save.isPending || glossary.save.isPending;
  // Arriving from the create form whose glossary could not be saved: say so until a save works.
  const createdWithoutGlossary =
    (location.state as { glossaryFailed?: boolean } | null)?.glossaryFailed === true && !glossary.save.isSuccess;
  const error = save.isError
    ? errorText(save.error, t)
    : glossary.save.isError
      ? errorText(glossary.save.error, t)
      : createdWithoutGlossary
        ? t('form.glossaryNotSaved')
        : null;
  return (
    <div className="form-page">
      <header className="page-header">
        <h1>{t('form.editTitle')}</h1>
        <p className="muted">{t('form.editSubtitle')}</p>
      </header>
      {room.isPending ? (
        <Spinner label={t('form.loading')} />
      ) : room.isError ? (
        <ErrorBanner message={errorText(room.error, t)} />
      ) : (
        <RoomForm
          key={room.data.id}
          initial={formValuesOf(room.data)}
          withInvites={false}
          busy={busy}
          submitLabel={t('form.submitSave')}
          busyLabel={t('form.saving')}
          error={error}
          onSubmit={(values) => {
            // A glossary that could not be loaded is left as it is: the room's own fields still save.
            const withGlossary = glossary.state === 'ready';
            if (withGlossary && !glossary.check()) return;
            save.mutate(
              { kind: 'update', roomId, body: updateBody(values) },
              {
                onSuccess: () =>
                  void (withGlossary ? glossary.saveTo(roomId) : Promise.resolve()).then(
                    () => navigate('/dashboard/scheduled'),
                    () => undefined,
                  ),
              },
            );
          }}
        >
          <GlossarySection draft={glossary} exportName={exportNameOf(room.data.name, t)} headingId={`${id}-glossary`} disabled={busy} />
          <IngestSection roomId={roomId} credential={session} headingId={`${id}-ingest`} />
        </RoomForm>
      )}
    </div>
  );
}
