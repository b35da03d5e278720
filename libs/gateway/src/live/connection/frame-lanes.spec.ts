import { FrameLanes } from './live-ws.adapter';

/** A handler that finishes when the test says so, recording start and end. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    open: () => open(),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('FrameLanes', () => {
  it('holds every frame until the join is handled, then keeps transcripts in order while other frames go on', async () => {
    const log: string[] = [];
    const lanes = new FrameLanes((e) => log.push(`error ${String(e)}`));
    const join = gate(log, 'join');
    const first = gate(log, 'transcript 1');
    const second = gate(log, 'transcript 2');
    const language = gate(log, 'set_language');
    lanes.schedule('join', join.run);
    lanes.schedule('transcript', first.run);
    lanes.schedule('transcript', second.run);
    lanes.schedule('set_language', language.run);
    lanes.schedule('ping', async () => void log.push('ping'));
    await flush();
    expect(log).toEqual(['start join', 'ping']);

    join.open();
    await flush();
    expect(log.slice(0, 3)).toEqual(['start join', 'ping', 'end join']);
    expect(log.slice(3).sort()).toEqual(['start set_language', 'start transcript 1']);
    language.open();
    await flush();
    expect(log.at(-1)).toBe('end set_language');
    expect(log).not.toContain('start transcript 2');
    first.open();
    await flush();
    expect(log.slice(-2)).toEqual(['end transcript 1', 'start transcript 2']);
    second.open();
    await flush();
    expect(log.at(-1)).toBe('end transcript 2');
  });

  it('goes on with the next transcript when one fails', async () => {
    const log: string[] = [];
    const lanes = new FrameLanes(() => log.push('failed'));
    lanes.schedule('transcript', async () => {
      throw new Error('no');
    });
    lanes.schedule('transcript', async () => void log.push('second'));
    await flush();
    await flush();
    expect(log).toEqual(['failed', 'second']);
  });
});
