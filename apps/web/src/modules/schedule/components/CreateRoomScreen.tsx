import { useNavigate } from 'react-router-dom';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { useSaveRoom } from '../../rooms/hooks/useSaveRoom';
import { createBody, emptyRoomForm } from '../room-form';
import { RoomForm } from './RoomForm';

export function CreateRoomScreen() {
  const t = useDashboardT();
  const navigate = useNavigate();
  const save = useSaveRoom();
  return (
    <div className="form-page">
      <header className="page-header">
        <h1>{t('form.createTitle')}</h1>
        <p className="muted">{t('form.createSubtitle')}</p>
      </header>
      <RoomForm
        initial={emptyRoomForm}
        withInvites
        busy={save.isPending}
        submitLabel={t('form.submitCreate')}
        busyLabel={t('form.creating')}
        error={save.isError ? errorText(save.error, t) : null}
        onSubmit={(values) =>
          save.mutate({ kind: 'create', body: createBody(values) }, { onSuccess: () => navigate('/dashboard/scheduled') })
        }
      />
    </div>
  );
}
