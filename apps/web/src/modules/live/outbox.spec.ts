import type { TranscriptFrame } from '@lt/contracts';
import { Outbox, outboxStorageKey, type OutboxStore } from './outbox';

function memoryStore(initial: Record<string, string> = {}): OutboxStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    read: (key) => data[key] ?? null,
    write: (key, value) => void (data[key] = value),
    remove: (key) => void delete data[key],
  };
}

function finalFrame(n: number): TranscriptFrame {
  return {
    type: 'transcript',
    messageId: `00000000-0000-4000-8000-00000000000${n}`,
    text: `sentence ${n}`,
    sourceLanguage: 'es',
    timestamp: '2026-01-01T10:00:00.000Z',
    confidence: 0.9,
    final: true,
  };
}

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
