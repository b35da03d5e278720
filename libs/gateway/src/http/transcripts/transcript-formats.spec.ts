import {
  BIDI,
  cues,
  exportFileName,
  formatExport,
  formatDuration,
  formatSrt,
  formatTxt,
  formatVtt,
  sanitiseFileName,
  type ExportLine,
} from './transcript-formats';

const room = { name: 'Conferencia: Año 2025', created_at: '2025-05-01T07:30:00.000Z', updated_at: '2025-05-01T08:35:59.000Z' };
const lines: ExportLine[] = [
  { timestamp: '2025-05-01T07:31:00.000Z', confidence: 'high', text: 'Buenos días a todos' },
  { timestamp: '2025-05-01T07:31:03.250Z', confidence: 'medium', text: 'Empezamos <ya> & sin\nretraso' },
  { timestamp: '2025-05-01T07:31:20.000Z', confidence: 'low', text: 'Gracias' },
];

describe('transcript exports', () => {
  it('writes the text file in its documented format, times in the given zone', () => {
    expect(formatTxt({ room, language: 'Español (es)', tz: 'Europe/Madrid', lines })).toBe(
      [
        'Sala: Conferencia: Año 2025',
        'Fecha: 01/05/2025 09:30 (Europe/Madrid)',
        'Duración: 1h 5m',
        'Idioma: Español (es)',
        '',
        '--- TRANSCRIPCIÓN ---',
        '',
        '[09:31:00] (Alta confianza) Buenos días a todos',
        '',
        '[09:31:03] (Confianza media) Empezamos <ya> & sin retraso',
        '',
        '[09:31:20] (Baja confianza) Gracias',
        '',
      ].join('\n'),
    );
    expect(formatTxt({ room, language: 'No configurado', tz: 'UTC', lines: [] })).toBe(
      'Sala: Conferencia: Año 2025\nFecha: 01/05/2025 07:30 (UTC)\nDuración: 1h 5m\nIdioma: No configurado\n\n--- TRANSCRIPCIÓN ---\n',
    );
  });

  it("writes the date and times as the reader's page does: 12-hour for an en-US reader, 24-hour for es-ES", () => {
    const english = formatTxt({ room, language: 'x', tz: 'America/New_York', lines: lines.slice(0, 1), ui: 'en', locale: 'en-US' });
    // Intl separates the hour from AM/PM with a narrow no-break space; \s takes it.
    expect(english).toMatch(/^Date: 5\/1\/25,\s3:30\sAM \(America\/New_York\)$/mu);
    expect(english).toMatch(/^\[03:31:00\sAM\] \(High confidence\) Buenos días a todos$/mu);
    const spanish = formatTxt({ room, language: 'x', tz: 'Europe/Madrid', lines: lines.slice(0, 1), ui: 'es', locale: 'es-ES' });
    expect(spanish).toContain('Fecha: 1/5/25, 9:30 (Europe/Madrid)');
    expect(spanish).toContain('[09:31:00] (Alta confianza)');
  });

  it('writes the labels and the file name in the interface language asked for', () => {
    expect(formatTxt({ room, language: 'Español (es)', tz: 'UTC', lines: lines.slice(0, 1), ui: 'en' })).toBe(
      'Room: Conferencia: Año 2025\nDate: 01/05/2025 07:30 (UTC)\nDuration: 1h 5m\nLanguage: Español (es)\n\n--- TRANSCRIPT ---\n\n' +
        '[07:31:00] (High confidence) Buenos días a todos\n',
    );
    expect(formatTxt({ room, language: 'x', tz: 'UTC', lines: lines.slice(2), ui: 'es' })).toContain(
      '[07:31:20] (Baja confianza) Gracias\n',
    );
    expect(exportFileName(room, 'UTC', 'vtt', 'en')).toBe('transcript-conferencia-ano-2025-2025-05-01.vtt');
    expect(formatExport('srt', { room, language: 'x', tz: 'UTC', lines, ui: 'en' }).fileName).toBe(
      'transcript-conferencia-ano-2025-2025-05-01.srt',
    );
  });

  it('names the file after the room and its day in the zone', () => {
    expect(exportFileName(room, 'Europe/Madrid', 'txt')).toBe('transcripcion-conferencia-ano-2025-2025-05-01.txt');
    expect(exportFileName({ ...room, created_at: '2025-05-01T23:30:00.000Z' }, 'Europe/Madrid', 'srt')).toBe(
      'transcripcion-conferencia-ano-2025-2025-05-02.srt',
    );
    expect(sanitiseFileName('¡¡¡')).toBe('sala');
    expect(sanitiseFileName('"Quoted"; rm -rf /')).toBe('quoted-rm-rf');
  });

  it('gives durations as the History screen does, in seconds under a minute', () => {
    expect(formatDuration('2025-05-01T07:30:00Z', '2025-05-01T07:30:59Z')).toBe('59 s');
    expect(formatDuration('2025-05-01T07:30:00Z', '2025-05-01T07:31:00Z')).toBe('1 min');
    expect(formatDuration('2025-05-01T07:30:00Z', '2025-05-01T08:29:00Z')).toBe('59 min');
    expect(formatDuration('2025-05-01T07:30:00Z', '2025-05-01T09:30:00Z')).toBe('2h 0m');
  });

  it("writes no confidence where a line has none, and a live room's duration up to its last line", () => {
    const live = { ...room, created_at: '2025-05-01T07:30:00.000Z', updated_at: '2025-05-01T07:30:10.000Z' };
    const viewerLines: ExportLine[] = [
      { timestamp: '2025-05-01T07:30:20.000Z', confidence: null, text: 'Buenos días' },
      { timestamp: '2025-05-01T07:30:45.000Z', confidence: 'low', text: 'Gracias' },
    ];
    const txt = formatTxt({ room: live, language: 'x', tz: 'UTC', lines: viewerLines, ui: 'en' });
    expect(txt).toContain('Duration: 45 s\n');
    expect(txt).toContain('[07:30:20] Buenos días\n\n[07:30:45] (Low confidence) Gracias\n');
    expect(formatTxt({ room: live, language: 'x', tz: 'UTC', lines: [], ui: 'en' })).toContain('Duration: 10 s\n');
  });

  it('times cues from the first message, each until the next one and 7 s at most', () => {
    expect(cues(lines).map((c) => [c.startMs, c.endMs])).toEqual([
      [0, 3250],
      [3250, 10250],
      [20000, 27000],
    ]);
  });

  it('writes SubRip and WebVTT cues', () => {
    expect(formatSrt(lines)).toBe(
      '1\n00:00:00,000 --> 00:00:03,250\nBuenos días a todos\n\n' +
        '2\n00:00:03,250 --> 00:00:10,250\nEmpezamos <ya> & sin retraso\n\n' +
        '3\n00:00:20,000 --> 00:00:27,000\nGracias\n',
    );
    expect(formatVtt(lines)).toBe(
      'WEBVTT\n\n' +
        '1\n00:00:00.000 --> 00:00:03.250\nBuenos días a todos\n\n' +
        '2\n00:00:03.250 --> 00:00:10.250\nEmpezamos &lt;ya&gt; &amp; sin retraso\n\n' +
        '3\n00:00:20.000 --> 00:00:27.000\nGracias\n',
    );
    expect(formatVtt([])).toBe('WEBVTT\n');
    expect(formatSrt([])).toBe('');
  });

  it('writes right-to-left lines so that they read right to left in each format', () => {
    const arabic: ExportLine[] = [
      { timestamp: '2025-05-01T07:31:00.000Z', confidence: 'high', text: 'مرحبا بكم في 2025' },
      { timestamp: '2025-05-01T07:31:02.000Z', confidence: 'low', text: 'AI <و> الترجمة' },
    ];
    const txt = formatExport('txt', { room, language: 'العربية (ar)', tz: 'UTC', dir: 'rtl', lines: arabic }).body;
    expect(txt).toContain(`[07:31:00] (Alta confianza) ${BIDI.rli}مرحبا بكم في 2025${BIDI.pdi}\n`);
    expect(txt).toContain(`[07:31:02] (Baja confianza) ${BIDI.rli}AI <و> الترجمة${BIDI.pdi}\n`);
    expect(formatExport('srt', { room, language: '', tz: 'UTC', dir: 'rtl', lines: arabic }).body).toBe(
      `1\n00:00:00,000 --> 00:00:02,000\n${BIDI.rlm}مرحبا بكم في 2025\n\n2\n00:00:02,000 --> 00:00:09,000\n${BIDI.rlm}AI <و> الترجمة\n`,
    );
    expect(formatExport('vtt', { room, language: '', tz: 'UTC', dir: 'rtl', lines: arabic }).body).toBe(
      `WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\n${BIDI.rlm}مرحبا بكم في 2025\n\n2\n00:00:02.000 --> 00:00:09.000\n${BIDI.rlm}AI &lt;و&gt; الترجمة\n`,
    );
    // Left-to-right exports stay byte for byte what they were.
    expect(formatExport('srt', { room, language: '', tz: 'UTC', dir: 'ltr', lines }).body).toBe(formatSrt(lines));
    expect(formatExport('txt', { room, language: 'Español (es)', tz: 'UTC', lines }).body).not.toMatch(/[\u200f\u2067\u2069]/);
  });

  it('adds the audience questions as a section of their own, as plain text', () => {
    const questions = [
      { timestamp: '2025-05-01T07:32:00.000Z', votes: 3, answered: true, text: '<b>¿Habrá</b> grabación?' },
      { timestamp: '2025-05-01T07:33:00.000Z', votes: 1, answered: false, text: 'Una --> dos\n\ntres' },
    ];
    const txt = formatTxt({ room, language: 'Español (es)', tz: 'UTC', lines: lines.slice(0, 1), questions });
    expect(
      txt.endsWith(
        [
          '--- PREGUNTAS DEL PÚBLICO ---',
          '',
          '[07:32:00] (3 votos, respondida) <b>¿Habrá</b> grabación?',
          '',
          '[07:33:00] (1 voto) Una --> dos tres',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
    const vtt = formatVtt(lines.slice(0, 1), 'ltr', { questions, tz: 'UTC', ui: 'en' });
    expect(
      vtt.endsWith(
        [
          'NOTE --- AUDIENCE QUESTIONS ---',
          '[07:32:00] (3 votes, answered) <b>¿Habrá</b> grabación?',
          '[07:33:00] (1 vote) Una -> dos tres',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
    expect(formatTxt({ room, language: 'x', tz: 'UTC', lines, questions: [] })).not.toContain('PREGUNTAS');
  });
});
