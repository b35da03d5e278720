import { useT } from '../../../i18n/useT';
import type { CatchUpOffer as Offer } from '../catch-up';
import type { SummaryControls } from '../hooks/useSummaryControls';

/** What a late or returning viewer missed, offered once above the captions. */
export function CatchUpOffer({ offer, controls }: { offer: Offer; controls: SummaryControls }) {
  const t = useT();
  return (
    <div className="catch-up" data-testid="catch-up-offer" data-kind={offer.kind}>
      <p className="field-hint">
        {offer.kind === 'back' ? t('viewer.catchUp.back', { count: offer.missed }) : t('viewer.catchUp.late', { count: offer.missed })}
      </p>
      {/* Not `disabled` while busy: a disabled button drops the keyboard focus to the page. */}
      <button
        type="button"
        className="btn btn-primary"
        data-testid="catch-up"
        aria-disabled={controls.pending !== null}
        onClick={controls.catchUp}
      >
        {controls.pending === 'catch-up' ? t('viewer.summary.generating') : t('viewer.catchUp.button')}
      </button>
    </div>
  );
}
