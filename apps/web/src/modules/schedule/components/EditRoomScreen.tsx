import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { useRoom } from '../../rooms/hooks/useRoom';
import { useSaveRoom } from '../../rooms/hooks/useSaveRoom';
import { formValuesOf, updateBody } from '../room-form';
import { RoomForm } from './RoomForm';

export function EditRoomScreen({ roomId }: { roomId: string }) {
  const t = useDashboardT();
  const navigate = useNavigate();
  const room = useRoom(roomId);
  const save = useSaveRoom();
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
          busy={save.isPending}
          submitLabel={t('form.submitSave')}
          busyLabel={t('form.saving')}
          error={save.isError ? errorText(save.error, t) : null}
          onSubmit={(values) =>
            save.mutate({ kind: 'update', roomId, body: updateBody(values) }, { onSuccess: () => navigate('/dashboard/scheduled') })
          }
        />
      )}
    </div>
  );
}
