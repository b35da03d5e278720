import { LANGUAGES } from '@lt/contracts';
import { useEffect } from 'react';
import { useT } from '../../../i18n/useT';

/** A class on <html> while the overlay is shown, so the page behind it is transparent too. */
const PAGE_CLASS = 'captions-mode';

export function useTransparentPage(): void {
  useEffect(() => {
    document.documentElement.classList.add(PAGE_CLASS);
    return () => document.documentElement.classList.remove(PAGE_CLASS);
  }, []);
}

export type CaptionProblemKind = 'room-id' | 'no-lang' | 'bad-lang' | 'not-found';

/**
 * What is wrong with a caption link, said to whoever set up the streaming program or projector: a blank
 * overlay gives them nothing to go on. The page stays transparent; the line is legible on any picture.
 */
export function CaptionProblem({ kind, lang }: { kind: CaptionProblemKind; lang?: string | null }) {
  const t = useT();
  useTransparentPage();
  const codes = LANGUAGES.map((language) => language.code).join(', ');
  const text = {
    'room-id': t('captions.problem.roomId'),
    'no-lang': t('captions.problem.noLang', { codes }),
    'bad-lang': t('captions.problem.badLang', { lang: lang ?? '', codes }),
    'not-found': t('captions.problem.notFound'),
  }[kind];
  return (
    <main className="captions captions-problem" data-testid="captions-problem" data-kind={kind}>
      <p role="alert">{text}</p>
    </main>
  );
}
