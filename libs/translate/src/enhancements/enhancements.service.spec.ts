import type { StoredTranscript } from '@lt/contracts';
import type { UsageMeter } from '@lt/usage';
import type { GlossaryService } from '../glossary/glossary.service';
import type { LlmClient } from '../llm/llm.client';
import type { EnhancementsRepository } from './enhancements.repository';
import { EnhancementsService, worthEnhancing } from './enhancements.service';

const sentence: StoredTranscript = {
  roomId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11',
  messageId: 'm1',
  seq: 1,
  text: 'hola a todos bienvenidos',
  sourceLanguage: 'es',
  timestamp: '2026-11-22T10:00:00.000Z',
  confidenceLevel: 'high',
  speakerId: 'host-1',
  speakerName: 'Host',
  enhance: true,
};

function setup(enhance: (text: string) => Promise<string>, allowed = true) {
  const stored = new Map<string, string>();
  const repo = {
    textOf: async (_room: string, id: string) => stored.get(id) ?? null,
    save: async (_room: string, id: string, _seq: number, text: string) => void (stored.has(id) || stored.set(id, text)),
  } as unknown as EnhancementsRepository;
  const llm = { configured: true, enhance: jest.fn(enhance) };
  const meter = { allowed: async () => allowed } as unknown as UsageMeter;
  return {
    service: new EnhancementsService(repo, llm as unknown as LlmClient, meter, {
      forText: async () => ({ version: 0, entries: [] }),
    } as unknown as GlossaryService),
    llm,
    stored,
  };
}

const soon = () => Date.now() + 2000;

describe('Enhance Mode', () => {
  it('improves only sentences of at least 10 characters that read like raw recognition', () => {
    expect(worthEnhancing('hola a todos')).toBe(true);
    expect(worthEnhancing('Hola a todos')).toBe(true);
    expect(worthEnhancing('Hola a todos.')).toBe(false);
    expect(worthEnhancing('hola')).toBe(false);
    expect(worthEnhancing('holaatodosbienvenidos')).toBe(false);
    expect(worthEnhancing('¿Qué tal estáis?')).toBe(false);
    expect(worthEnhancing('¿qué tal estáis?')).toBe(true);
    expect(worthEnhancing('¿Qué tal estáis')).toBe(true);
  });

  it('makes one call per sentence however many ask at once, and keeps it', async () => {
    const { service, llm, stored } = setup(async (text) => `${text}.`);
    const answers = await Promise.all([
      service.sourceOf(sentence, soon()),
      service.sourceOf(sentence, soon()),
      service.sourceOf(sentence, soon()),
    ]);
    expect(answers).toEqual(Array(3).fill({ text: 'hola a todos bienvenidos.', enhanced: true }));
    expect(llm.enhance).toHaveBeenCalledTimes(1);
    expect(stored.get('m1')).toBe('hola a todos bienvenidos.');
    await service.sourceOf(sentence, soon());
    expect(llm.enhance).toHaveBeenCalledTimes(1);
  });

  it('keeps the original when the model fails, the quota is spent, or the sender did not ask', async () => {
    const failing = setup(async () => {
      throw new Error('429 rate limited');
    });
    expect(await failing.service.sourceOf(sentence, soon())).toEqual({ text: sentence.text, enhanced: false });
    const spent = setup(async (t) => t, false);
    expect(await spent.service.sourceOf(sentence, soon())).toEqual({ text: sentence.text, enhanced: false });
    expect(spent.llm.enhance).not.toHaveBeenCalled();
    const off = setup(async (t) => t);
    expect(await off.service.sourceOf({ ...sentence, enhance: false }, soon())).toEqual({ text: sentence.text, enhanced: false });
    expect(off.llm.enhance).not.toHaveBeenCalled();
  });

  it("lets a catch-up wait for a sentence's improvement under way, and never asks the model itself", async () => {
    let answer: (text: string) => void = () => undefined;
    const { service, llm } = setup(() => new Promise<string>((resolve) => (answer = resolve)));
    expect(service.underWay(sentence)).toBeUndefined();
    const live = service.sourceOf(sentence, soon());
    // A stored sentence read back does not say it was to be improved: what is under way does.
    const caughtUp = service.underWay({ ...sentence, enhance: undefined });
    expect(caughtUp).toBeDefined();
    while (llm.enhance.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    answer('Hola a todos, bienvenidos.');
    expect(await caughtUp).toEqual({ text: 'Hola a todos, bienvenidos.', enhanced: true });
    expect(await live).toEqual({ text: 'Hola a todos, bienvenidos.', enhanced: true });
    expect(service.underWay(sentence)).toBeUndefined();
    expect(llm.enhance).toHaveBeenCalledTimes(1);
  });
});
