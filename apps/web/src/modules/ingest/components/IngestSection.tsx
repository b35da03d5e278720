import type { FeedState, FeedStatus } from '@lt/contracts';
import { Fragment } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { Spinner } from '../../../components/Spinner';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import '../../../styles/feed.css';
import type { IngestCredential } from '../api/ingest.api';
import { useIngest } from '../hooks/useIngest';

const STATE_KEY = {
  waiting: 'ingest.state.waiting',
  receiving: 'ingest.state.receiving',
  silent: 'ingest.state.silent',
  lost: 'ingest.state.lost',
  stopped: 'ingest.state.stopped',
} as const satisfies Record<FeedState, string>;

const stateKey = (feed: FeedStatus) =>
  feed.state !== 'stopped' || !feed.reason
    ? STATE_KEY[feed.state]
    : feed.reason === 'quota'
      ? 'ingest.state.stoppedQuota'
      : 'ingest.state.stoppedIdle';

/** An address with a line-break opportunity after each `/`, `?` and `=`, so a narrow screen breaks it between parts. */
const breakable = (value: string) =>
  value.split(/(?<=[/?=])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));

function Address({ label, value, testId, secret = false }: { label: string; value: string; testId: string; secret?: boolean }) {
  const t = useDashboardT();
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <div className="ingest-address">
        <code data-testid={testId} className={secret ? 'ingest-secret' : undefined}>
          {breakable(value)}
        </code>
        <CopyButton
          value={value}
          label={t('ingest.copy')}
          copiedLabel={t('ingest.copied')}
          testId={`${testId}-copy`}
          ariaLabel={`${t('ingest.copy')}: ${label}`}
        />
      </div>
    </div>
  );
}

/**
 * The room form's (and the host page's) section for the AV desk: where the venue's feed goes over SRT and RTMP,
 * a stream key (shown once, when made), and how to set up OBS or a hardware encoder. `titled` false: the
 * element named by `headingId` is outside, and the feed's state is not repeated (the host page's folded panel,
 * under the page's live status line).
 */
export function IngestSection({
  roomId,
  credential,
  headingId,
  titled = true,
}: {
  roomId: string;
  credential: IngestCredential;
  headingId: string;
  titled?: boolean;
}) {
  const t = useDashboardT();
  const { query, rotate } = useIngest(roomId, credential);
  const ingest = query.data;
  const made = rotate.data;
  const makeKey = () => rotate.mutate();
  return (
    <section className="ingest-section" aria-labelledby={headingId} data-testid="ingest-section">
      {titled && <h2 id={headingId}>{t('ingest.title')}</h2>}
      <p className="field-hint">{t('ingest.hint')}</p>
      {query.isPending ? (
        <Spinner label={t('ingest.loading')} />
      ) : query.isError ? (
        <p className="alert alert-error">{errorText(query.error, t)}</p>
      ) : !ingest?.enabled || !ingest.srt_address ? (
        <p className="alert alert-info" data-testid="ingest-disabled">
          {t('ingest.disabled')}
        </p>
      ) : (
        <>
          {titled && ingest.feed && (
            <p className="muted" data-testid="ingest-state">
              {t('ingest.stateNow', { state: t(stateKey(ingest.feed), { seconds: ingest.feed.silentForS ?? 0 }) })}
            </p>
          )}
          <Address label={t('ingest.srtServer')} value={ingest.srt_address} testId="ingest-srt-address" />
          {ingest.rtmp_address && <Address label={t('ingest.rtmpServer')} value={ingest.rtmp_address} testId="ingest-rtmp-address" />}
          {made ? (
            <>
              <p className="alert alert-warning" role="status">
                {t('ingest.shownOnce')}
              </p>
              {made.srt_url && <Address label={t('ingest.srtUrl')} value={made.srt_url} testId="ingest-srt-url" secret />}
              <Address label={t('ingest.key')} value={made.key} testId="ingest-key" secret />
              {made.rtmp_url && <Address label={t('ingest.rtmpUrl')} value={made.rtmp_url} testId="ingest-rtmp-url" secret />}
            </>
          ) : (
            <p className="muted">
              {ingest.has_key && ingest.key_created_at
                ? t('ingest.keyMade', { date: new Date(ingest.key_created_at).toLocaleString() })
                : t('ingest.noKey')}
            </p>
          )}
          {rotate.isError && <p className="alert alert-error">{errorText(rotate.error, t)}</p>}
          <div>
            {ingest.has_key ? (
              // Asked in the page's own dialog, as ending a room is: the encoder on the current key is cut.
              <ConfirmDialog
                title={t('ingest.rotateTitle')}
                description={t('ingest.rotateConfirm')}
                confirmLabel={t('ingest.rotate')}
                cancelLabel={t('ingest.rotateCancel')}
                onConfirm={makeKey}
                renderTrigger={(open) => (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={open}
                    disabled={rotate.isPending}
                    data-testid="ingest-rotate"
                  >
                    {t('ingest.rotate')}
                  </button>
                )}
              />
            ) : (
              <button type="button" className="btn btn-secondary" onClick={makeKey} disabled={rotate.isPending} data-testid="ingest-rotate">
                {t('ingest.make')}
              </button>
            )}
          </div>
          <ul className="ingest-help">
            <li>{t('ingest.helpObs')}</li>
            {ingest.rtmp_address && <li>{t('ingest.helpObsRtmp', { address: ingest.rtmp_address })}</li>}
            <li>{t('ingest.helpHardware')}</li>
            <li>{t('ingest.helpOneEncoder')}</li>
          </ul>
        </>
      )}
    </section>
  );
}
