import { GLOSSARY_LIMITS, LANGUAGES, type GlossaryIssue, type LanguageCode } from '@lt/contracts';
import { memo } from 'react';
import type { GlossaryTranslate } from '../../../i18n/useGlossaryT';
import { useLocale } from '../../../i18n/useLocale';
import { languageNameIn } from '../../../lib/language-names';
import { issueText, type GlossaryRow } from '../glossary-draft';

interface EntryRowProps {
  row: GlossaryRow;
  index: number;
  languages: readonly LanguageCode[];
  issues: readonly GlossaryIssue[];
  disabled: boolean;
  t: GlossaryTranslate;
  onChange: (id: string, patch: Partial<GlossaryRow>) => void;
  onRemove: (id: string) => void;
  onLeave: (id: string) => void;
}

/** One term: its text, keep-as-is or a translation per shown language, a note; its problems under each field. */
export const GlossaryEntryRow = memo(function GlossaryEntryRow({
  row,
  index,
  languages,
  issues,
  disabled,
  t,
  onChange,
  onRemove,
  onLeave,
}: EntryRowProps) {
  const { locale } = useLocale();
  const n = index + 1;
  const base = `glossary-${row.id}`;
  const issueOf = (field: string) => issues.find((i) => i.field === field);
  const hidden = LANGUAGES.filter((l) => !languages.includes(l.code) && (row.translations[l.code] ?? '').trim() !== '').length;

  const errorFor = (field: string) => {
    const issue = issueOf(field);
    return issue ? (
      <p id={`${base}-${field}-error`} className="glossary-error">
        {issueText(issue, t)}
      </p>
    ) : null;
  };
  const invalid = (field: string) =>
    issueOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${base}-${field}-error` } : {};

  return (
    <li
      className="glossary-entry"
      data-testid="glossary-entry"
      // Left for another field, not for nowhere: a press on the row's own labels (Keep as is) blurs to nothing first.
      onBlur={(e) => e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget) && onLeave(row.id)}
    >
      <fieldset className="glossary-entry-fields" disabled={disabled}>
        <legend className="glossary-entry-legend">{t('glossary.entry', { n })}</legend>
        <div className="glossary-field glossary-term">
          <label className="field-label" htmlFor={`${base}-term`}>
            {t('glossary.term')}
          </label>
          <input
            id={`${base}-term`}
            className="input"
            dir="auto"
            value={row.term}
            maxLength={GLOSSARY_LIMITS.termMax + 20}
            autoComplete="off"
            data-testid="glossary-term"
            onChange={(e) => onChange(row.id, { term: e.target.value })}
            {...invalid('term')}
          />
          {errorFor('term')}
        </div>
        <div className="glossary-field glossary-keep">
          <label className="glossary-check">
            <input
              type="checkbox"
              checked={row.keep}
              data-testid="glossary-keep"
              onChange={(e) => onChange(row.id, { keep: e.target.checked })}
              {...invalid('keep')}
            />
            <span>{t('glossary.keep')}</span>
          </label>
          {errorFor('keep')}
        </div>
        {row.keep && <p className="glossary-kept">{t('glossary.keepHint')}</p>}
        {!row.keep &&
          languages.map((code) => {
            const language = LANGUAGES.find((l) => l.code === code);
            return (
              <div key={code} className="glossary-field">
                <label className="field-label" htmlFor={`${base}-${code}`}>
                  <span aria-hidden="true">{code}</span>
                  <span className="visually-hidden">
                    {t('glossary.translationIn', { language: language ? languageNameIn(language, locale) : code })}
                  </span>
                </label>
                <input
                  id={`${base}-${code}`}
                  className="input"
                  lang={code}
                  dir="auto"
                  value={row.translations[code] ?? ''}
                  maxLength={GLOSSARY_LIMITS.translationMax + 20}
                  autoComplete="off"
                  data-testid={`glossary-translation-${code}`}
                  onChange={(e) => onChange(row.id, { translations: { ...row.translations, [code]: e.target.value } })}
                  {...invalid(code)}
                />
                {errorFor(code)}
              </div>
            );
          })}
        {!row.keep && hidden > 0 && <p className="field-hint glossary-hidden">{t('glossary.otherTranslations', { n: hidden })}</p>}
        <div className="glossary-field glossary-note">
          <label className="field-label" htmlFor={`${base}-note`}>
            {t('glossary.note')}
          </label>
          <textarea
            id={`${base}-note`}
            className="input glossary-note-input"
            dir="auto"
            rows={Math.min(4, (row.note ?? '').split('\n').length)}
            value={row.note ?? ''}
            maxLength={GLOSSARY_LIMITS.noteMax + 20}
            data-testid="glossary-note"
            onChange={(e) => onChange(row.id, { note: e.target.value })}
            {...invalid('note')}
          />
          {errorFor('note')}
        </div>
        <button
          type="button"
          className="btn btn-danger-outline glossary-remove"
          aria-label={t('glossary.removeLabel', { n, term: row.term.trim() || '—' })}
          data-testid="glossary-remove"
          onClick={() => onRemove(row.id)}
        >
          {t('glossary.remove')}
        </button>
      </fieldset>
    </li>
  );
});
