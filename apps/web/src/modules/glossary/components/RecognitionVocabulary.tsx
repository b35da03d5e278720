import type { AsrProviderName } from '@lt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import '../../../styles/glossary-vocabulary.css';
import { useGlossaryT } from '../../../i18n/useGlossaryT';
import { getGlossaryVocabulary, type GlossaryCredential } from '../api/glossary.api';

const PROVIDER_NAMES: Record<AsrProviderName, string> = {
  deepgram: 'Deepgram',
  openai: 'OpenAI',
  'openai-compatible': 'OpenAI-compatible',
};

/**
 * Which saved glossary terms the server's speech recogniser is given (read-only), asked again with each saved
 * version. Nothing shows when speech is recognised in browsers only.
 */
export function RecognitionVocabulary({
  roomId,
  credential,
  version,
}: {
  roomId: string;
  credential: GlossaryCredential;
  version?: number;
}) {
  const t = useGlossaryT();
  const id = useId();
  const query = useQuery({
    queryKey: ['glossary', roomId, 'vocabulary', version],
    queryFn: () => getGlossaryVocabulary(roomId, credential),
    enabled: version !== undefined,
    retry: false,
  });
  const vocabulary = query.data;
  if (!vocabulary?.provider) return null;
  const provider = PROVIDER_NAMES[vocabulary.provider];
  return (
    <section className="glossary-vocabulary" aria-labelledby={`${id}-title`} data-testid="glossary-vocabulary">
      <h3 id={`${id}-title`} className="glossary-vocabulary-title">
        {t('glossary.vocabulary.title')}
      </h3>
      <p className="field-hint">{t('glossary.vocabulary.hint', { provider, limit: vocabulary.limit })}</p>
      {vocabulary.sent.length > 0 ? (
        <ul className="glossary-vocabulary-terms">
          {vocabulary.sent.map((term) => (
            <li key={term} data-testid="glossary-vocabulary-term">
              {term}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('glossary.vocabulary.none')}</p>
      )}
      {vocabulary.omitted > 0 && (
        <p className="field-hint" data-testid="glossary-vocabulary-omitted">
          {t('glossary.vocabulary.omitted', { count: vocabulary.omitted, provider, limit: vocabulary.limit })}
        </p>
      )}
    </section>
  );
}
