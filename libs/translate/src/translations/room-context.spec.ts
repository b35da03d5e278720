import type { StoredTranscript } from '@lt/contracts';
import type { Bus } from '@lt/platform';
import type { EnhancementsService } from '../enhancements/enhancements.service';
import { translateEnvSchema } from '../translate.env';
import { RoomContext } from './room-context';
import type { TranslationsRepository } from './translations.repository';

const roomId = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const said = (seq: number, text = `Frase ${seq}`): StoredTranscript => ({
  roomId,
  messageId: `m${seq}`,
  seq,
  text,
  sourceLanguage: 'es',
  timestamp: '2026-11-22T10:00:00.000Z',
  confidenceLevel: 'high',
  speakerId: 'host-1',
  speakerName: 'Host',
});

function setup() {
  const request = jest.fn(async () => [said(3, 'Tres (leída)'), said(4, 'Cuatro (leída)')]);
  const translations = {
    findMany: jest.fn(async () => [{ messageId: 'm4', text: 'Quatre', fallback: null }]),
  } as unknown as TranslationsRepository;
  const enhancements = { storedFor: async () => new Map([['m3', 'Tres, mejorada.']]) } as unknown as EnhancementsService;
  const context = new RoomContext(
    translateEnvSchema.parse({ TRANSLATION_CONTEXT_SENTENCES: '2' }),
    { request } as unknown as Bus,
    translations,
    enhancements,
  );
  return { context, request, findMany: translations.findMany as jest.Mock };
}

describe('the context of a live translation', () => {
  it('uses the sentences this replica saw, with their improved text, without asking rooms-svc', async () => {
    const { context, request } = setup();
    [1, 2, 3, 4].forEach((seq) => context.remember(said(seq)));
    context.remember(said(4, 'Cuatro, mejorada.'));
    const previous = await context.before(said(5));
    expect(previous.sentences).toEqual([
      { messageId: 'm3', text: 'Frase 3' },
      { messageId: 'm4', text: 'Cuatro, mejorada.' },
    ]);
    expect(request).not.toHaveBeenCalled();
    expect(await context.inLanguage(previous, 'fr')).toEqual([
      { source: 'Frase 3', translation: undefined },
      { source: 'Cuatro, mejorada.', translation: 'Quatre' },
    ]);
  });

  it('reads from the transcript what it did not see (another replica translated it)', async () => {
    const { context, request } = setup();
    context.remember(said(4));
    const previous = await context.before(said(5));
    expect(request).toHaveBeenCalledTimes(1);
    expect(previous.sentences).toEqual([
      { messageId: 'm3', text: 'Tres, mejorada.' },
      { messageId: 'm4', text: 'Cuatro (leída)' },
    ]);
    expect((await context.before(said(1))).sentences).toEqual([]);
  });

  it('takes the translations this replica made from memory, and reads only the others from the database', async () => {
    const { context, findMany } = setup();
    [1, 2, 3, 4].forEach((seq) => context.remember(said(seq)));
    const previous = await context.before(said(5));
    context.translated(roomId, 'm3', 'fr', 'Phrase 3');
    expect(await context.inLanguage(previous, 'fr')).toEqual([
      { source: 'Frase 3', translation: 'Phrase 3' },
      { source: 'Frase 4', translation: 'Quatre' },
    ]);
    expect(findMany).toHaveBeenLastCalledWith(roomId, 'fr', ['m4']);
    context.translated(roomId, 'm4', 'fr', 'Phrase 4, revue');
    const calls = findMany.mock.calls.length;
    expect(await context.inLanguage(previous, 'fr')).toEqual([
      { source: 'Frase 3', translation: 'Phrase 3' },
      { source: 'Frase 4', translation: 'Phrase 4, revue' },
    ]);
    expect(findMany).toHaveBeenCalledTimes(calls);
    // Another language is another translation: read from the database.
    await context.inLanguage(previous, 'de');
    expect(findMany).toHaveBeenLastCalledWith(roomId, 'de', ['m3', 'm4']);
  });
});
