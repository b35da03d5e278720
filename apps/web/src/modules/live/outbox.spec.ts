import { memoryStore, transcriptFrame as finalFrame } from '../../../test/live-fixtures';
import { Outbox, outboxStorageKey } from './outbox';

describe('Outbox', () => {
  it('keeps frames in order, ignores a second add of the same message and survives a reload', () => {
    const store = memoryStore();
    const outbox = new Outbox('room-a', store);
    outbox.add(finalFrame(1));
    outbox.add(finalFrame(2));
    outbox.add(finalFrame(1));
    outbox.add(finalFrame(3));
    expect(outbox.remove(finalFrame(2).messageId)).toBe(true);
    expect(outbox.remove(finalFrame(2).messageId)).toBe(false);

    const reloaded = new Outbox('room-a', store);
    expect(reloaded.list().map((f) => f.text)).toEqual(['sentence 1', 'sentence 3']);
    expect(new Outbox('room-b', store).size).toBe(0);
  });

  it('removes the stored entry once everything is acked', () => {
    const store = memoryStore();
    const outbox = new Outbox('room-a', store);
    outbox.add(finalFrame(1));
    expect(store.data[outboxStorageKey('room-a')]).toBeDefined();
    outbox.remove(finalFrame(1).messageId);
    expect(store.data).toEqual({});
  });

  it('drops stored data that is not a valid final transcript', () => {
    const key = outboxStorageKey('room-a');
    const broken = new Outbox('room-a', memoryStore({ [key]: '{not json' }));
    expect(broken.size).toBe(0);

    const mixed = JSON.stringify([finalFrame(1), { type: 'transcript', text: 'no id' }, { ...finalFrame(2), final: false }]);
    expect(new Outbox('room-a', memoryStore({ [key]: mixed })).list()).toEqual([finalFrame(1)]);
  });
});
