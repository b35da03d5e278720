import type { InterimTranslationFrame, ServerFrame, TranslationFrame, TranslationPartialFrame } from '@lt/contracts';
import { eventually, type LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { createRoom, MODES, sleep, transcript } from '../helpers';

jest.setTimeout(90_000);

/** Words of a sentence the host says, numbered so that a test can tell them apart. */
const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i + 1}`).join(' ');

describe.each(MODES)('Fast captions (%s mode)', (mode) => {
  const suite = describeStack({
    mode,
    translate: { INTERIM_TRANSLATION_MS: '200', INTERIM_TRANSLATIONS_PER_MINUTE: '3', INTERIM_MASK_WORDS: '2' },
  });
  const joined = (join: Record<string, unknown>) => suite.join(join);

  /** A started room with its host and a French viewer; every frame the viewer gets is timed on arrival. */
  const liveRoom = async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Rápido');
    const host = await joined({ roomId: room.id, role: 'host', hostKey });
    const viewer = await joined({ roomId: room.id, role: 'viewer', lang: 'fr' });
    const timeline: { at: number; frame: ServerFrame }[] = [];
    viewer.onFrame((frame) => timeline.push({ at: Date.now(), frame }));
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    // Until translate-svc counts the French viewer, a sentence is translated only when the viewer's gateway asks.
    await suite.readers(room.id, 'fr');
    return { room, host, viewer, timeline };
  };

  const interim = (text: string, messageId = crypto.randomUUID()) => ({ ...transcript(messageId, text), final: false });
  const interimCalls = (marker: string) => suite.llm.calls.filter((c) => c.target === 'fr' && c.user.includes(marker));

  beforeEach(() => {
    suite.llm.reset();
    // Like a real model: the first token after 300 ms, then 30 tokens a second.
    suite.llm.pace({ firstTokenMs: 300, tokensPerSecond: 30 });
  });

  it('streams each translation as it is written, at most every 150 ms, never after its final, finals in order', async () => {
    const { room, host, viewer, timeline } = await liveRoom();
    for (let i = 1; i <= 3; i++) host.send(transcript(`m-${i}`, words(20, `s${i}w`)));
    await viewer.waitFor((c) => c.of('translation').length === 3, 20_000, 'three translations');
    // A fourth sentence, said once they are shown, marks the end: a partial after its final would come before it.
    host.send(transcript('m-end', 'Fin'));
    await viewer.waitFor((c) => c.of('translation').length === 4, 20_000, 'four translations');

    const finals = timeline.filter((e) => e.frame.type === 'translation').map((e) => e.frame as TranslationFrame);
    expect(finals.map((f) => f.seq)).toEqual([1, 2, 3, 4]);
    finals.pop();
    for (const final of finals) {
      const index = timeline.findIndex((e) => e.frame === final);
      const partials = timeline.filter(
        (e) => e.frame.type === 'translation_partial' && (e.frame as TranslationPartialFrame).seq === final.seq,
      );
      // A 20-word answer streams for about 0.9 s: several partials, each growing, all before the final.
      expect(partials.length).toBeGreaterThanOrEqual(3);
      expect(partials.every((p) => timeline.indexOf(p) < index)).toBe(true);
      const texts = partials.map((p) => (p.frame as TranslationPartialFrame).text);
      texts.forEach((text, i) => {
        expect(final.text.startsWith(text)).toBe(true);
        if (i > 0) expect(text.length).toBeGreaterThan(texts[i - 1].length);
      });
      // Throttled per message: 150 ms between two partials of one message as the gateway sends them (unthrottled,
      // the model's 30 tokens a second would make it 33 ms); what the socket delivers may bunch up a little.
      const gaps = partials.slice(1).map((p, i) => p.at - partials[i].at);
      expect(gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length).toBeGreaterThanOrEqual(140);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(75);
    }

    // A viewer coming back gets the finals only.
    const again = await joined({ roomId: room.id, role: 'viewer', lang: 'fr', since: 0 });
    await again.waitFor((c) => c.of('translation').length === 4, 10_000, 'catch-up');
    expect(again.of('translation_partial')).toHaveLength(0);
  });

  it('translates interim lines as they grow, without their last two words, and drops a late one after its final', async () => {
    const { host, viewer, timeline } = await liveRoom();
    host.send(interim('uno dos tres cuatro'));
    await viewer.waitFor((c) => c.of('interim_translation').length >= 1, 10_000, 'an interim translation');
    const first = viewer.of('interim_translation')[0] as InterimTranslationFrame;
    // "(fr) uno dos tres cuatro" without its last two words.
    expect(first.text).toBe('(fr) uno dos');
    expect(first.lang).toBe('fr');

    // One more word is not enough growth for another call.
    // Time under test: past the 200 ms interim interval, so that only the growth can hold the call back.
    await sleep(400);
    const { llm } = suite;
    const before = llm.calls.length;
    host.send(interim('uno dos tres cuatro cinco'));

    // A result that comes back after its sentence's final is not shown.
    llm.delayWhen('tarde', 2_000);
    host.send(interim('uno dos tres cuatro cinco seis tarde'));
    await eventually(() => llm.calls.length > before, 'the next call');
    // The line grown by one word, said just before, made no call of its own: the next call is the longer line's.
    expect(llm.calls[before].user).toContain('tarde');
    host.send(transcript('final-1', 'uno dos tres cuatro cinco seis siete'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'the final');
    await eventually(() => interimCalls('tarde')[0].tokens, 'the late answer to be sent');
    // The next sentence's interim line, asked once the late answer comes back and longer than it, marks the end.
    host.send(interim('otra frase nueva que dice mucho más ahora mismo'));
    const isNext = (f: ServerFrame) => f.type === 'interim_translation' && f.text.includes('otra');
    await viewer.waitFor((c) => c.frames.some(isNext), 10_000, 'the next interim translation');
    expect(interimCalls('tarde')).toHaveLength(1);
    const finalAt = timeline.findIndex((e) => e.frame.type === 'translation');
    const nextAt = timeline.findIndex((e) => isNext(e.frame));
    expect(timeline.slice(finalAt, nextAt).filter((e) => e.frame.type === 'interim_translation')).toEqual([]);
    expect(viewer.of('interim_translation').some((f) => (f as InterimTranslationFrame).text.includes('tarde'))).toBe(false);
  });

  it('caps the interim translations of a speaker per language, and tells the host what they cost', async () => {
    const { host, viewer } = await liveRoom();
    let text = 'alfa beta';
    for (let i = 0; i < 8; i++) {
      text += ` cap${i} extra${i}`;
      host.send(interim(text));
      // Time under test: the line grows at a speaker's pace, past the 200 ms interim interval each time.
      await sleep(300);
    }
    // A sentence said after the line, on the same path, marks the end: a fourth call would have come before it.
    host.send(transcript('cap-end', 'Fin'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'the sentence after');
    // INTERIM_TRANSLATIONS_PER_MINUTE=3 for this speaker and language, however much the line grew.
    const calls = interimCalls('alfa beta');
    expect(calls).toHaveLength(3);
    const cost = await eventually(() => calls.every((c) => c.tokens) && calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0), 'the costs');
    const lastUsage = (c: LiveClient) => (c.of('interim_usage').at(-1) as { tokens: number } | undefined)?.tokens;
    await host.waitFor((c) => lastUsage(c) === cost, 5_000, `interim usage of ${cost} tokens`);
  });

  it('translates no interim line while the host has Fast captions off, and again once it is on', async () => {
    const { host, viewer } = await liveRoom();
    expect((host.of('joined')[0] as { fastCaptions?: boolean }).fastCaptions).toBe(true);
    host.send({ type: 'room_settings', fastCaptions: false });
    await host.waitFor((c) => c.of('room_settings').length === 1, 5_000, 'settings');
    expect(host.of('room_settings')[0]).toMatchObject({ fastCaptions: false });

    host.send(interim('apagado uno dos tres'));
    // The final, said after it, reaches translate-svc after it: once the final is translated, the interim line
    // would have been too.
    host.send(transcript('off-1', 'apagado uno dos tres cuatro'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'the final');
    expect(interimCalls('apagado')).toHaveLength(1);
    expect(viewer.of('interim_translation')).toHaveLength(0);

    // A viewer cannot change it.
    viewer.send({ type: 'room_settings', fastCaptions: true });
    await viewer.waitFor((c) => c.of('error').length === 1, 5_000, 'refused');

    host.send({ type: 'room_settings', fastCaptions: true });
    await host.waitFor((c) => c.of('room_settings').length === 2, 5_000, 'settings on');
    host.send(interim('encendido uno dos tres'));
    await viewer.waitFor((c) => c.of('interim_translation').length === 1, 10_000, 'an interim translation');
  });
});
