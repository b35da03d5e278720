import { JoinBatches } from './join-batches';

const turn = () => new Promise<void>((r) => setTimeout(r, 5));

describe('JoinBatches', () => {
  it('asks once for the sockets that ask the same within its window, and once per key', async () => {
    const batches = new JoinBatches<string>(1);
    const asked: string[] = [];
    const ask = (key: string) => () => (asked.push(key), Promise.resolve(`answer ${key}`));
    const answers = await Promise.all([batches.get('a', ask('a')), batches.get('a', ask('a')), batches.get('b', ask('b'))]);
    expect(answers).toEqual(['answer a', 'answer a', 'answer b']);
    expect(asked).toEqual(['a', 'b']);
    expect(batches.size).toBe(0);
  });

  it('never hands a request sent before a socket asked to that socket: it starts the next batch', async () => {
    const batches = new JoinBatches<number>(1);
    let sent = 0;
    let release: (() => void) | undefined;
    const ask = () => {
      const n = ++sent;
      return new Promise<number>((resolve) => (release = () => resolve(n)));
    };
    const first = batches.get('room', ask);
    await turn();
    expect(sent).toBe(1);
    // The first request is on its way (not answered yet): a later socket does not share it.
    const second = batches.get('room', ask);
    release?.();
    await turn();
    expect(sent).toBe(2);
    release?.();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
  });

  it('hands a failure to every socket of the batch, and the next batch asks again', async () => {
    const batches = new JoinBatches<string>(1);
    const failing = () => Promise.reject(new Error('away'));
    await expect(Promise.all([batches.get('k', failing), batches.get('k', failing)])).rejects.toThrow('away');
    await expect(batches.get('k', () => Promise.resolve('back'))).resolves.toBe('back');
  });
});
