import { isHostLanguageCode, type HostLanguageCode, type SpeakerAccessResponse } from '@lt/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { Spinner } from '../../../components/Spinner';
import { useRoomT } from '../../../i18n/useRoomT';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { joinAsSpeaker, verifyInvite } from '../api/speakers.api';
import { SpeakerLive } from './SpeakerLive';
import { SpeakerNotice } from './SpeakerNotice';

interface Joined {
  access: SpeakerAccessResponse;
  lang: HostLanguageCode;
}

/** The Speaker room: the invite is verified, the speaker picks a language and joins, then speaks. */
export function SpeakerRoomScreen({ roomId, token, name }: { roomId: string; token: string; name: string }) {
  const t = useRoomT();
  const verify = useQuery({
    queryKey: queryKeys.speakers.verify(roomId, token),
    queryFn: () => verifyInvite(roomId, token),
    retry: false,
    staleTime: Infinity,
  });
  const [lang, setLang] = useState<HostLanguageCode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [joined, setJoined] = useState<Joined | null>(null);
  const join = useMutation({ mutationFn: (language: HostLanguageCode) => joinAsSpeaker(roomId, token, language) });

  if (joined) return <SpeakerLive roomId={roomId} token={token} access={joined.access} lang={joined.lang} />;
  if (verify.isPending) return <Spinner label={t('speak.verifying')} testId="speaker-verifying" />;
  if (verify.isError) {
    const denied = verify.error instanceof ApiError && (verify.error.status === 403 || verify.error.status === 404);
    return (
      <SpeakerNotice
        title={t('speak.denied.title')}
        body={denied ? t('speak.denied.body') : t('speak.verifyFailed', { message: errorText(verify.error, t) })}
        testId="speaker-denied"
      />
    );
  }

  const joinedIn = verify.data.speaker.input_language;
  const chosen = lang ?? (isHostLanguageCode(joinedIn) ? joinedIn : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!chosen) {
      setProblem(t('speak.selectLanguageFirst'));
      return;
    }
    join.mutate(chosen, { onSuccess: (access) => setJoined({ access, lang: chosen }) });
  };

  return (
    <section className="narrow card" aria-labelledby="speaker-join-title" data-testid="speaker-join">
      <p className="eyebrow">{t('speak.page')}</p>
      <h1 id="speaker-join-title">{t('speak.welcome', { name: verify.data.speaker.speaker_name || name })}</h1>
      <p className="muted">{t('speak.joinHint', { room: verify.data.room.name })}</p>
      <form onSubmit={submit} noValidate className="stack">
        <LanguageSelect
          label={t('speak.inputLanguage')}
          placeholder={t('speak.selectLanguage')}
          value={chosen}
          onChange={(code) => {
            setProblem(null);
            setLang(code);
          }}
          testId="speaker-language"
        />
        {(problem || join.isError) && (
          <p className="alert alert-error" role="alert">
            {problem ?? t('speak.joinFailed', { message: errorText(join.error, t) })}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" data-testid="speaker-join-button" disabled={join.isPending}>
          {join.isPending ? t('speak.joining') : t('speak.join')}
        </button>
      </form>
    </section>
  );
}
