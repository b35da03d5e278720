import { join } from 'node:path';
import { literalTexts, literalTextsIn } from './ui-text';

const root = join(__dirname, '..', '..');

describe('user-visible text in the web app', () => {
  it('finds literal text in JSX, in text attributes and in confirm()/alert()', () => {
    const source = `
      export function Probe({ t }) {
        const ok = window.confirm('¿Seguro?');
        alert(\`Done \${ok}\`);
        return (
          <div aria-label="Main menu" title={'Close'} className="card" data-testid="probe">
            <h1>Finalizar Sala</h1>
            <input placeholder="Nombre de la sala" />
            <p>{'Stop Room'}</p>
            <span>{t('host.stopRoom')} · 42 %</span>
            <img alt="" src="x.png" />
            <span aria-hidden="true">AI</span>
          </div>
        );
      }`;
    expect(literalTexts('probe.tsx', source).map((found) => found.text)).toEqual([
      '¿Seguro?',
      'Done',
      'Main menu',
      'Close',
      'Finalizar Sala',
      'Nombre de la sala',
      'Stop Room',
    ]);
  });

  it('has none: every text of every component comes from the catalogs', () => {
    expect(literalTextsIn(root)).toEqual([]);
  });
});
