import { LIMITS } from '@lt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { errorText } from '../../../lib/error-text';
import { useCreateRoom } from '../hooks/useCreateRoom';

export function CreateRoomForm() {
  const t = useT();
  const inputId = useId();
  const [name, setName] = useState('');
  const createRoom = useCreateRoom();
  const busy = createRoom.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) createRoom.mutate(name);
  };

  return (
    <form className="create-room" onSubmit={submit} aria-busy={busy}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('landing.roomName')}
      </label>
      <input
        id={inputId}
        className="input input-lg"
        type="text"
        value={name}
        maxLength={LIMITS.roomNameMax}
        placeholder={t('landing.roomName')}
        autoComplete="off"
        data-testid="room-name-input"
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} data-testid="create-room">
        {busy ? t('landing.creating') : t('landing.create')}
      </button>
      {createRoom.isError && (
        <p className="alert alert-error" role="alert">
          {errorText(createRoom.error, t)}
        </p>
      )}
    </form>
  );
}
