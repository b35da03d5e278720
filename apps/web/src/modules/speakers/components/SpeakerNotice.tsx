import { Link } from 'react-router-dom';
import { useRoomT } from '../../../i18n/useRoomT';

/** A full-page message of the speaker room: invalid link, access denied, removed. */
export function SpeakerNotice({ title, body, testId }: { title: string; body: string; testId: string }) {
  const t = useRoomT();
  return (
    <section className="narrow card center" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h1 id={`${testId}-title`}>{title}</h1>
      <p role="alert">{body}</p>
      <Link to="/" className="btn btn-primary">
        {t('nav.home')}
      </Link>
    </section>
  );
}
