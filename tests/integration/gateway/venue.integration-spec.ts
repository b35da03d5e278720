import { CLIENT_ID_HEADER } from '@lt/contracts';
import { LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(240_000);

const VIEWERS = 2_000;
const SUMMARY_ASKERS = 500;
const LANGS = ['fr', 'de', 'it'] as const;

/** Runs `task` over `items`, at most `width` at a time, keeping the order of the answers. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < items.length; i += width) answers.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return answers;
}

/**
 * A venue: the whole audience on conference Wi-Fi, behind one public address (here 127.0.0.1), with the
 * gateway's limits as a deployment has them by default. Nobody is turned away for sharing the address.
 */
describe.each(MODES)('a venue behind one address, default limits (%s mode)', (mode) => {
  const suite = describeStack({ mode, defaultLimits: true });

  it(`lets ${VIEWERS} viewers from one address join and read a translated sentence, and answers ${SUMMARY_ASKERS} summaries asked at once`, async () => {
    const { baseUrl, clients, llm } = suite;
    const { room, hostKey } = await createRoom(baseUrl, 'Keynote');
    const host = await LiveClient.connect(baseUrl);
    clients.push(host);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    await host.waitFor((c) => c.of('joined').length === 1, 5000, 'host joined');

    const viewers = await inBatches(
      Array.from({ length: VIEWERS }, (_, i) => i),
      100,
      async (i) => {
        const viewer = await LiveClient.connect(baseUrl);
        clients.push(viewer);
        viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: LANGS[i % LANGS.length] });
        await viewer.waitFor((c) => c.frames.some((f) => f.type === 'joined' || f.type === 'error'), 30_000, 'joined');
        return viewer;
      },
    );
    expect(viewers.filter((v) => v.of('joined').length === 1)).toHaveLength(VIEWERS);

    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('room_start').length === 1, 30_000, 'room_start')));
    await suite.readers(room.id, ...LANGS);
    host.send(transcript(crypto.randomUUID(), 'Bienvenidos a la conferencia'));
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('translation').length === 1, 30_000, 'the translated sentence')));
    viewers.forEach((viewer, i) => {
      const lang = LANGS[i % LANGS.length];
      expect(viewer.of('translation')[0]).toMatchObject({ lang, text: `(${lang}) Bienvenidos a la conferencia` });
    });
    expect(viewers.filter((v) => v.closeCode !== null)).toHaveLength(0);

    // Half a thousand of them press 'Generate Summary' at the same moment, each browser with its own id.
    llm.reset();
    const answers = await Promise.all(
      Array.from({ length: SUMMARY_ASKERS }, async () => {
        const res = await fetch(`${baseUrl}/api/rooms/${room.id}/summary`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CLIENT_ID_HEADER]: crypto.randomUUID() },
          body: JSON.stringify({ lang: 'fr' }),
        });
        return { status: res.status, body: (await res.json()) as { summary?: string } };
      }),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.summary))).toEqual(new Set(['(fr) Summary of 1 lines']));
    expect(llm.calls.filter((c) => c.task === 'summary')).toHaveLength(1);
  });
});
