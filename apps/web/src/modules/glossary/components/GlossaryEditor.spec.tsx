import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LanguageCode } from '@lt/contracts';
import { useState } from 'react';
import { I18nContext, type Locale } from '../../../i18n/i18n-context';
import { rowsOf, type GlossaryRow } from '../glossary-draft';
import { GlossaryEditor } from './GlossaryEditor';

function Harness({ initial, showAll = false, demand }: { initial: GlossaryRow[]; showAll?: boolean; demand?: LanguageCode[] }) {
  const [rows, setRows] = useState(initial);
  return <GlossaryEditor rows={rows} onRowsChange={setRows} showAllIssues={showAll} exportName="glosario-test" demand={demand} />;
}

const renderEditor = (locale: Locale, initial: GlossaryRow[] = [], showAll = false, demand?: LanguageCode[]) =>
  render(
    <I18nContext.Provider value={{ locale, setLocale: () => undefined }}>
      <Harness initial={initial} showAll={showAll} demand={demand} />
    </I18nContext.Provider>,
  );

const upload = (text: string, name = 'terms.csv') => {
  const file = new File([text], name, { type: 'text/csv' });
  Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
  fireEvent.change(screen.getByTestId('glossary-file'), { target: { files: [file] } });
};

describe('glossary editor', () => {
  it('starts empty, adds a term with the focus in it, and counts against the limit', async () => {
    renderEditor('en');
    expect(screen.getByTestId('glossary-empty').textContent).toBe('No terms yet. Add one or import a CSV file.');
    expect(screen.getByTestId('glossary-count').textContent).toBe('0 of 500 terms');
    fireEvent.click(screen.getByTestId('glossary-add'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('glossary-term')));
    expect(screen.getByTestId('glossary-count').textContent).toBe('1 of 500 terms');
    expect(screen.getByRole('status').textContent).toBe('Term 1 added.');
    // Every field has a name a screen reader says.
    expect(screen.getByLabelText('Term')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Translation into Spanish' })).toBeTruthy();
    expect(screen.getByLabelText('Keep as is')).toBeTruthy();
  });

  it('names each problem by term and field once a save was tried, in the reader language', () => {
    const rows = rowsOf([
      { term: 'Kubernetes', keep: true, translations: {} },
      { term: 'KUBERNETES', keep: true, translations: {} },
      { term: 'keynote', keep: false, translations: {} },
    ]);
    renderEditor('es', rows, true);
    const problems = within(screen.getByTestId('glossary-problems'));
    expect(problems.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Término 2, término: «KUBERNETES» repite el término 1',
      'Término 3, mantener: marca «Mantener tal cual» o escribe al menos una traducción',
    ]);
    const terms = screen.getAllByTestId('glossary-term');
    expect(terms[1].getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(terms[1].getAttribute('aria-describedby') as string)?.textContent).toBe(
      '«KUBERNETES» repite el término 1',
    );
  });

  it('refuses a CSV file with the line of each error, and keeps the terms it had', async () => {
    renderEditor('en', rowsOf([{ term: 'Kubernetes', keep: true, translations: {} }]));
    upload('term,keep,es\nA,maybe,\n"B,no,x\n', 'bad.csv');
    const result = await screen.findByTestId('glossary-import-result');
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toContain('bad.csv was not imported:');
    expect(result.textContent).toContain('Line 3: a quoted field is never closed');
    expect(screen.getAllByTestId('glossary-entry')).toHaveLength(1);
  });

  it('replaces the terms with a file once confirmed in the page dialog, showing the languages it uses', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    renderEditor('en', rowsOf([{ term: 'old', keep: true, translations: {} }]));
    upload('\uFEFFterm,keep,fr,de,note\nkeynote,no,conférence,Vortrag,"a, b"\nNguyễn,yes,,,\n');
    const ask = await screen.findByRole('alertdialog', { name: 'Import terms.csv' });
    expect(ask.textContent).toContain('The glossary has 1 term and the file 2.');
    fireEvent.click(screen.getByTestId('glossary-import-replace'));
    await waitFor(() => expect(screen.getAllByTestId('glossary-entry')).toHaveLength(2));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('glossary-shown-languages').textContent).toBe('fr, de');
    expect((screen.getByTestId('glossary-translation-de') as HTMLInputElement).value).toBe('Vortrag');
    expect((screen.getAllByTestId('glossary-note')[0] as HTMLTextAreaElement).value).toBe('a, b');
    confirm.mockRestore();
  });

  it('merges a file: terms already there take its version, new ones are added; an edit clears the import line', async () => {
    renderEditor(
      'en',
      rowsOf([
        { term: 'Keynote', keep: false, translations: { es: 'charla' } },
        { term: 'Nguyễn', keep: true, translations: {} },
      ]),
    );
    upload('term,keep,es\nkeynote,no,ponencia\nKubernetes,yes,\n');
    fireEvent.click(await screen.findByTestId('glossary-import-merge'));
    await waitFor(() => expect(screen.getAllByTestId('glossary-entry')).toHaveLength(3));
    const terms = screen.getAllByTestId('glossary-term').map((input) => (input as HTMLInputElement).value);
    expect(terms).toEqual(['keynote', 'Nguyễn', 'Kubernetes']);
    expect((screen.getAllByTestId('glossary-translation-es')[0] as HTMLInputElement).value).toBe('ponencia');
    expect(screen.getByTestId('glossary-import-result').textContent).toContain('2 terms imported');
    fireEvent.change(screen.getAllByTestId('glossary-term')[2], { target: { value: 'K8s' } });
    expect(screen.queryByTestId('glossary-import-result')).toBeNull();
  });

  it('removes a term, moving the focus to the next one and saying so', async () => {
    renderEditor(
      'en',
      rowsOf([
        { term: 'one', keep: true, translations: {} },
        { term: 'two', keep: true, translations: {} },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove term 1 (one)' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('glossary-term')));
    expect((screen.getByTestId('glossary-term') as HTMLInputElement).value).toBe('two');
    expect(screen.getByRole('status').textContent).toBe('Term removed.');
  });

  it("shows the viewers' languages as columns, and exports only the columns used or shown", async () => {
    const files: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:glossary'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderEditor('en', rowsOf([{ term: 'keynote', keep: false, translations: { de: 'Vortrag' } }]), false, ['ja', 'fr']);
    expect(screen.getByTestId('glossary-shown-languages').textContent).toBe('fr, de, ja');
    fireEvent.click(screen.getByTestId('glossary-export'));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(files[0]);
    });
    expect(text.split('\r\n')[0]).toBe('term,keep,fr,de,ja,note');
    jest.restoreAllMocks();
  });

  it('says nothing about a new term until the user left it for another field, not while ticking Keep as is', () => {
    renderEditor('en');
    fireEvent.click(screen.getByTestId('glossary-add'));
    expect(screen.getByRole('status').textContent).toBe('Term 1 added.');
    const term = screen.getByTestId('glossary-term');
    fireEvent.change(term, { target: { value: 'Kubernetes' } });
    // A press on the label blurs the term to nothing before the box is ticked.
    fireEvent.blur(term, { relatedTarget: null });
    expect(screen.queryByTestId('glossary-problems')).toBeNull();
    fireEvent.click(screen.getByLabelText('Keep as is'));
    expect(screen.queryByTestId('glossary-problems')).toBeNull();
    fireEvent.click(screen.getByLabelText('Keep as is'));
    fireEvent.blur(screen.getByLabelText('Keep as is'), { relatedTarget: screen.getByTestId('glossary-add') });
    expect(screen.getByTestId('glossary-problems').textContent).toContain('tick');
    // What an earlier action said ("Term 1 added.") is not left standing after an edit.
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
