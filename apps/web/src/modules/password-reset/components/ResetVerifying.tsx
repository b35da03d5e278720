import { useT } from '../../../i18n/useT';

export function ResetVerifying() {
  const t = useT();
  return (
    <section className="narrow card center status-card" role="status" aria-labelledby="reset-verifying-title" data-testid="reset-verifying">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <h1 id="reset-verifying-title">{t('reset.verifying')}</h1>
      <p className="muted">{t('reset.verifyingBody')}</p>
    </section>
  );
}
