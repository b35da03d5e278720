import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { useAuth } from '../../auth/hooks/useAuth';
import type { GlossaryCredential } from '../../glossary/api/glossary.api';
import { exportNameOf } from '../../glossary/glossary-draft';
import { GlossarySection } from '../../glossary/components/GlossarySection';
import { useGlossaryDraft } from '../../glossary/hooks/useGlossaryDraft';
import { useSaveRoom } from '../../rooms/hooks/useSaveRoom';
import { createBody, emptyRoomForm } from '../room-form';
import { RoomForm } from './RoomForm';

export function CreateRoomScreen() {
  const t = useDashboardT();
  const id = useId();
  const navigate = useNavigate();
  const save = useSaveRoom();
  const { client } = useAuth();
  const session = useMemo<GlossaryCredential>(() => ({ kind: 'session', request: client.request }), [client]);
  const glossary = useGlossaryDraft(null, session);
  const busy = save.isPending || glossary.save.isPending;
  return (
    <div className="form-page">
      <header className="page-header">
        <h1>{t('form.createTitle')}</h1>
        <p className="muted">{t('form.createSubtitle')}</p>
      </header>
      <RoomForm
        initial={emptyRoomForm}
        withInvites
        busy={busy}
        submitLabel={t('form.submitCreate')}
        busyLabel={t('form.creating')}
        error={save.isError ? errorText(save.error, t) : null}
        onSubmit={(values) => {
          if (!glossary.check()) return;
          save.mutate(
            { kind: 'create', body: createBody(values) },
            {
              // The room exists whatever happens to its glossary: a failed save is retried from its edit form.
              onSuccess: (room) =>
                void (glossary.rows.length ? glossary.saveTo(room.id) : Promise.resolve()).then(
                  () => navigate('/dashboard/scheduled'),
                  () => navigate(`/dashboard/edit-room/${room.id}`, { state: { glossaryFailed: true } }),
                ),
            },
          );
        }}
      >
        <GlossarySection draft={glossary} exportName={exportNameOf('', t)} headingId={`${id}-glossary`} disabled={busy} />
      </RoomForm>
    </div>
  );
}
