import type { StoredTranscript } from '@lt/contracts';
import { createInProcessBus, type UsageMeter } from '@lt/platform';
import type { EnhancementsService } from '../enhancements/enhancements.service';
import type { LlmClient } from '../llm/llm.client';
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

function setup(llm: Partial<LlmClient>, allowed = true) {
  const saved: unknown[] = [];
  const repo = {
    findOne: jest.fn().mockResolvedValue(null),
    save: jest.fn(async (row) => void saved.push(row)),
  } as unknown as TranslationsRepository;
  const presence = { languagesFor: () => ['fr', 'de', 'es'] } as unknown as PresenceRegistry;
  const { bus } = createInProcessBus();
  const meter = { allowed: jest.fn(async () => allowed) } as unknown as UsageMeter;
  const enhancements = { sourceOf: async (t: StoredTranscript) => ({ text: t.text, enhanced: false }) } as unknown as EnhancementsService;
  const service = new TranslationsService(repo, llm as LlmClient, presence, bus, meter, enhancements);
  return { service, saved, bus };
}

describe('TranslationsService', () => {
  it('translates once per language in demand and passes the source language through untouched', async () => {
    const translate = jest.fn(async (text: string, _from: string, to: string) => `${to}:${text}`);
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
    const a = service.translate(transcript, 'fr');
    const b = service.translate(transcript, 'fr');
    await new Promise((r) => setImmediate(r));
    release('Bonjour');
    expect((await a).text).toBe('Bonjour');
    expect((await b).text).toBe('Bonjour');
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it('gives the original text, marked, when the model fails, and stores nothing', async () => {
    const { service, saved } = setup({ configured: false, translate: jest.fn().mockRejectedValue(new Error('none')) });
    const frame = await service.translate(transcript, 'fr');
    expect(frame).toMatchObject({ text: '[Original] Buenos días', fallback: 'original', lang: 'fr' });
    expect(saved).toHaveLength(0);
  });

  it('passes the original through, unstored, while the room may not spend', async () => {
    const translate = jest.fn(async (text: string, _from: string, to: string) => `${to}:${text}`);
    const { service, saved } = setup({ configured: true, translate }, false);
    const frame = await service.translate(transcript, 'fr');
    expect(frame).toMatchObject({ text: '[Original] Buenos días', fallback: 'original', seq: 7 });
    expect(translate).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});
