import { eventually } from './eventually';

describe('eventually', () => {
  it('answers the first truthy value of the check', async () => {
    let calls = 0;
    await expect(eventually(() => ++calls >= 3 && calls)).resolves.toBe(3);
  });

  it('names what it waited for when the time is up', async () => {
    await expect(eventually(() => false, { what: 'the room to close', timeoutMs: 100 })).rejects.toThrow(
      'timed out after 100 ms waiting for the room to close',
    );
    await expect(eventually(() => false, 100)).rejects.toThrow('waiting for condition');
  });
});
