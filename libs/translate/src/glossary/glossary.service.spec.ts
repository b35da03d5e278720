import { GLOSSARY_SUBJECTS, type RoomGlossary } from '@lt/contracts';
import type { Bus } from '@lt/platform';
import { GlossaryService } from './glossary.service';

const roomId = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const glossary = (version: number, term: string): RoomGlossary => ({ roomId, version, entries: [{ term, keep: true, translations: {} }] });

function setup(answer: () => Promise<RoomGlossary>) {
  const request = jest.fn((route: { subject: string }) => {
    expect(route.subject).toBe(GLOSSARY_SUBJECTS.get.subject);
    return answer();
  });
  return { service: new GlossaryService({ request } as unknown as Bus), request };
}

describe('room glossaries in translate-svc', () => {
  it('asks rooms-svc once, then serves the cache until the change event', async () => {
    let current = glossary(1, 'Acme');
    const { service, request } = setup(async () => current);
    expect(await service.forText(roomId, 'Hola Acme')).toEqual({ version: 1, entries: current.entries });
    expect(await service.forText(roomId, 'Nada')).toEqual({ version: 1, entries: [] });
    expect(request).toHaveBeenCalledTimes(1);
    current = glossary(2, 'Beta');
    service.changed(roomId, 2);
    expect((await service.forText(roomId, 'Hola Beta')).version).toBe(2);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('does not keep a glossary read while it changed', async () => {
    let release: (g: RoomGlossary) => void = () => undefined;
    const { service, request } = setup(() => new Promise((r) => (release = r)));
    const reading = service.forText(roomId, 'Acme');
    await Promise.resolve();
    service.changed(roomId, 2);
    release(glossary(1, 'Acme'));
    expect((await reading).version).toBe(1);
    const next = service.forText(roomId, 'Acme');
    release(glossary(2, 'Acme'));
    expect((await next).version).toBe(2);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('translates without glossary when rooms-svc does not answer, and says so once', async () => {
    const { service } = setup(() => Promise.reject(new Error('No service answers rooms.glossary.get')));
    const warn = jest
      .spyOn((service as unknown as { logger: { warn: (m: string) => void } }).logger, 'warn')
      .mockImplementation(() => undefined);
    expect(await service.forText(roomId, 'Acme')).toEqual({ version: 0, entries: [] });
    service.changed(roomId, 1);
    expect(await service.forText(roomId, 'Acme')).toEqual({ version: 0, entries: [] });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
