import type { AnalyticsRelay, UsageMeter } from '@lt/usage';
import type { StoredTranscript } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import type { EnhancementsService } from '../enhancements/enhancements.service';
import type { FallbackService } from '../fallback/fallback.service';
import type { GlossaryService } from '../glossary/glossary.service';
import type { LlmLimiter } from '../limits/llm-limiter';
import { DeadlineError, LlmRateLimitedError } from '../llm/deadline';
import type { LlmClient, TranslateRequest } from '../llm/llm.client';
import { translateEnvSchema } from '../translate.env';
import type { RoomContext } from './room-context';
import type { InterimTranslator } from '../interim/interim-translator';
import { TranslationCache } from './translation-cache';
import type { PresenceRegistry } from '../presence/presence.registry';
import { TranslationsService } from './translations.service';
import type { TranslationsRepository } from './translations.repository';

const transcript: StoredTranscript = {
  roomId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11',
  messageId: 'm1',
  seq: 7,
  text: 'Buenos días',
  sourceLanguage: 'es',
  timestamp: '2026-11-22T10:00:00.000Z',
  confidenceLevel: 'high',
  speakerId: 'host-1',
  speakerName: 'Host',
};

function setup(
  llm: Partial<LlmClient>,
  allowed = true,
  fallback: Partial<FallbackService> = { configured: false, translate: async () => null },
) {
  const saved: unknown[] = [];
  const repo = {
    findOne: jest.fn().mockResolvedValue(null),
    save: jest.fn(async (row) => void saved.push(row)),
  } as unknown as TranslationsRepository;
  const presence = { languagesFor: () => ['fr', 'de', 'es'] } as unknown as PresenceRegistry;
  const { bus } = createInProcessBus();
  const meter = { allowed: jest.fn(async () => allowed) } as unknown as UsageMeter;
  const enhancements = { sourceOf: async (t: StoredTranscript) => ({ text: t.text, enhanced: false }) } as unknown as EnhancementsService;
  const context = {
    remember: () => undefined,
    before: async () => ({ roomId: transcript.roomId, sentences: [] }),
    inLanguage: async () => [],
    translated: () => undefined,
  } as unknown as RoomContext;
  const cache = new TranslationCache();
  // No sweeping timer in a unit test.
  cache.onModuleDestroy();
  const glossaries = { forText: async () => ({ version: 0, entries: [] }) } as unknown as GlossaryService;
  const env = translateEnvSchema.parse({ TRANSLATION_DEADLINE_MS: '1000' });
  const client = { longDeadline: () => Date.now() + 60_000, ...llm } as LlmClient;
  const service = new TranslationsService(
    env,
    repo,
    client,
    presence,
    bus,
    meter,
    enhancements,
    fallback as FallbackService,
    context,
    glossaries,
    { room: async () => true } as unknown as LlmLimiter,
    cache,
    { onFinal: () => undefined } as unknown as InterimTranslator,
    { caption: () => undefined } as unknown as AnalyticsRelay,
  );
  return { service, saved, bus };
}

const plan = () => ({ deadlineAt: Date.now() + 1000 });

describe('TranslationsService', () => {
  it('translates once per language in demand and passes the source language through untouched', async () => {
    const translate = jest.fn(async ({ text, to }: TranslateRequest) => `${to}:${text}`);
    const { service, saved, bus } = setup({ configured: true, translate });
    const published: unknown[] = [];
    bus.subscribe('room.*.translation.*', (e: object, subject) => void published.push({ ...e, subject }));
    await service.onTranscriptStored(transcript);
    await new Promise((r) => setImmediate(r));
    expect(translate).toHaveBeenCalledTimes(2);
    expect(saved).toHaveLength(2);
    expect(published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lang: 'fr', text: 'fr:Buenos días', seq: 7, subject: `room.${transcript.roomId}.translation.fr` }),
        expect.objectContaining({ lang: 'de', text: 'de:Buenos días' }),
        expect.objectContaining({ lang: 'es', text: 'Buenos días' }),
      ]),
    );
  });

  it('shares one call between concurrent askers of the same translation', async () => {
    let release: (v: string) => void = () => undefined;
    const translate = jest.fn(() => new Promise<string>((r) => (release = r)));
    const { service } = setup({ configured: true, translate });
    const a = service.translate(transcript, 'fr', plan());
    const b = service.translate(transcript, 'fr', plan());
    await new Promise((r) => setImmediate(r));
    release('Bonjour');
    expect((await a).text).toBe('Bonjour');
    expect((await b).text).toBe('Bonjour');
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it('gives the original text, marked, when the model fails, and stores nothing', async () => {
    const { service, saved } = setup({ configured: false, translate: jest.fn().mockRejectedValue(new Error('none')) });
    const frame = await service.translate(transcript, 'fr', plan());
    expect(frame).toMatchObject({ text: '[Original] Buenos días', fallback: 'original', lang: 'fr' });
    expect(saved).toHaveLength(0);
  });

  it('passes the original through, unstored, while the room may not spend', async () => {
    const translate = jest.fn(async ({ text, to }: TranslateRequest) => `${to}:${text}`);
    const { service, saved } = setup({ configured: true, translate }, false);
    const frame = await service.translate(transcript, 'fr', plan());
    expect(frame).toMatchObject({ text: '[Original] Buenos días', fallback: 'original', seq: 7 });
    expect(translate).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('answers with the fallback translator, stored and marked, when the model fails or times out', async () => {
    for (const failure of [new Error('500'), new DeadlineError('late')]) {
      const fallback = { configured: true, translate: jest.fn(async (text: string, _from: string, to: string) => `svc-${to}:${text}`) };
      const { service, saved } = setup({ configured: true, translate: jest.fn().mockRejectedValue(failure) }, true, fallback);
      const frame = await service.translate(transcript, 'fr', plan());
      expect(frame).toMatchObject({ text: 'svc-fr:Buenos días', fallback: 'service' });
      expect(saved).toEqual([expect.objectContaining({ text: 'svc-fr:Buenos días', fallback: 'service', lang: 'fr' })]);
    }
  });

  it('never sends a rate-limited sentence to the fallback: past the deadline it is the original, unstored', async () => {
    const fallback = { configured: true, translate: jest.fn(async () => 'svc') };
    const { service, saved } = setup(
      { configured: true, translate: jest.fn().mockRejectedValue(new LlmRateLimitedError(30_000)) },
      true,
      fallback,
    );
    const frame = await service.translate(transcript, 'fr', plan());
    expect(frame).toMatchObject({ text: '[Original] Buenos días', fallback: 'original' });
    expect(fallback.translate).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('sends a sentence over its room rate to the fallback translator without asking the model', async () => {
    const translate = jest.fn();
    const fallback = { configured: true, translate: jest.fn(async () => 'svc') };
    const { service } = setup({ configured: true, translate }, true, fallback);
    expect(await service.translate(transcript, 'fr', { ...plan(), roomSlot: Promise.resolve(false) })).toMatchObject({
      text: 'svc',
      fallback: 'service',
    });
    expect(translate).not.toHaveBeenCalled();
  });

  it('translates with the fallback translator alone when no language model is configured, and says translation works', async () => {
    const fallback = { configured: true, translate: jest.fn(async () => 'svc') };
    const { service } = setup({ configured: false, translate: jest.fn() }, true, fallback);
    expect(await service.translate(transcript, 'fr', plan())).toMatchObject({ text: 'svc', fallback: 'service' });
    expect(service.providerStatus()).toEqual({ llmConfigured: true });
    expect(setup({ configured: false }).service.providerStatus()).toEqual({ llmConfigured: false });
  });
});
