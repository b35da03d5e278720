import { TtsErrorCode, type SpeechRequest } from '@lt/contracts';
import { DomainException, type Bus } from '@lt/platform';
import type { UsageMeter } from '@lt/usage';
import type { AudioEntity } from './audio.entity';
import type { AudioKey, AudioRepository } from './audio.repository';
import { SpeechService } from './speech.service';
import { SpeechRefusedError, type SpeechProvider } from '../providers/speech-provider';

/** The repository's contract, in memory: a lock per key, so a second asker waits and finds the first's audio. */
class MemoryAudio {
  readonly rows = new Map<string, AudioEntity>();
  private locks = new Map<string, Promise<unknown>>();
  private keyOf = (k: AudioKey) => `${k.roomId}:${k.messageId}:${k.lang}`;

  async find(key: AudioKey) {
    return this.rows.get(this.keyOf(key)) ?? null;
  }

  async onceFor(key: AudioKey, make: () => Promise<{ audio: AudioEntity; seq: number }>) {
    const k = this.keyOf(key);
    const before = this.locks.get(k) ?? Promise.resolve();
    const run = before.then(async () => {
      const found = this.rows.get(k);
      if (found) return found;
      const { audio: made } = await make();
      this.rows.set(k, made);
      return made;
    });
    this.locks.set(
      k,
      run.catch(() => undefined),
    );
    return run;
  }
}

const request: SpeechRequest = { roomId: '0b5a3c1e-1111-4111-8111-111111111111', messageId: 'm-1', lang: 'fr' };

function setup(provider: Partial<SpeechProvider> | null, text = '(fr) Bonjour') {
  const calls: string[] = [];
  const fake: SpeechProvider | null = provider && {
    name: 'google',
    speaks: (lang) => provider.speaks?.(lang) ?? true,
    synthesize: async (t: string) => {
      calls.push(t);
      return provider.synthesize ? provider.synthesize(t, 'fr') : { audio: Buffer.from(`mp3:${t}`), mime: 'audio/mpeg' };
    },
  };
  const audio = new MemoryAudio();
  const bus = {
    request: jest.fn(async () => ({ type: 'translation', text, fallback: text.startsWith('[Original] ') ? 'original' : undefined })),
  };
  const meter = { allowed: jest.fn(async () => true), report: jest.fn() } as unknown as UsageMeter;
  const service = new SpeechService(fake, audio as unknown as AudioRepository, bus as unknown as Bus, meter);
  return { service, calls, audio, bus };
}

describe('speech of a message', () => {
  beforeEach(() => jest.useRealTimers());

  it('calls the provider once for fifty listeners at once, and reads the stored audio afterwards', async () => {
    const { service, calls } = setup({});
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.speak(request)));
    expect(calls).toEqual(['(fr) Bonjour']);
    expect(new Set(answers.map((a) => a.audio))).toEqual(new Set([Buffer.from('mp3:(fr) Bonjour').toString('base64')]));
    await service.speak(request);
    expect(calls).toHaveLength(1);
    await service.speak({ ...request, lang: 'de' });
    expect(calls).toHaveLength(2);
  });

  it('reads an untranslated line without its mark', async () => {
    const { service, calls } = setup({}, '[Original] Hola a todos');
    await service.speak(request);
    expect(calls).toEqual(['Hola a todos']);
  });

  it('tries a passing failure again, but not a refusal, and keeps nothing of a failure', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let failures = 2;
    const flaky = setup({
      synthesize: async (t) => {
        if (failures-- > 0) throw new Error('503');
        return { audio: Buffer.from(t), mime: 'audio/mpeg' };
      },
    });
    await expect(flaky.service.speak(request)).resolves.toMatchObject({ characters: 12 });
    expect(flaky.calls).toHaveLength(3);

    const refused = setup({
      synthesize: async () => {
        throw new SpeechRefusedError('403');
      },
    });
    await expect(refused.service.speak(request)).rejects.toMatchObject({ code: TtsErrorCode.SynthesisFailed });
    expect(refused.calls).toHaveLength(1);
    expect(refused.audio.rows.size).toBe(0);
  });

  it('says the provider has no voice for a language before spending anything on it', async () => {
    const { service, bus, calls } = setup({ speaks: (lang) => lang !== 'fa' });
    const error = await service.speak({ ...request, lang: 'fa' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: TtsErrorCode.NoVoice });
    expect(bus.request).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    await expect(service.speak({ ...request, lang: 'ar' })).resolves.toMatchObject({ characters: 12 });
  });

  it('says no provider is configured when there is none', async () => {
    const { service, bus } = setup(null);
    const error = await service.speak(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainException);
    expect(error).toMatchObject({ code: TtsErrorCode.NotConfigured });
    expect(bus.request).not.toHaveBeenCalled();
  });
});
