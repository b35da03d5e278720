import { clientFrameSchema, confidenceLevel, createRoomBodySchema, defaultRoomName } from './index';

describe('client frames', () => {
  it('accepts a well-formed final transcript', () => {
    const frame = clientFrameSchema.parse({
      type: 'transcript',
      messageId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11',
      text: ' Hola a todos ',
      sourceLanguage: 'es',
      timestamp: '2026-11-22T10:00:00.000Z',
      confidence: 0.9,
      final: true,
    });
    expect(frame.type).toBe('transcript');
    expect(frame.type === 'transcript' && frame.text).toBe('Hola a todos');
  });

  it.each([
    [{ type: 'transcript', messageId: 'x', text: '', sourceLanguage: 'es', timestamp: 'now', confidence: 2, final: true }],
    [{ type: 'join', roomId: 'not-a-uuid', role: 'viewer' }],
    [{ type: 'join', roomId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', role: 'admin' }],
    [{ type: 'set_language', lang: 'klingon' }],
    [{ type: 'teleport' }],
    [null],
  ])('rejects %j', (frame) => {
    expect(clientFrameSchema.safeParse(frame).success).toBe(false);
  });
});

describe('rooms', () => {
  it('falls back to "Room " and the first 8 characters of the id', () => {
    expect(defaultRoomName('0123456789abcdef', '   ')).toBe('Room 01234567');
    expect(defaultRoomName('0123456789abcdef', '  Keynote ')).toBe('Keynote');
  });

  it('limits the room name to 50 characters', () => {
    expect(createRoomBodySchema.safeParse({ name: 'x'.repeat(50) }).success).toBe(true);
    expect(createRoomBodySchema.safeParse({ name: 'x'.repeat(51) }).success).toBe(false);
    expect(createRoomBodySchema.safeParse({ name: 'ok', extra: 1 }).success).toBe(false);
  });
});

describe('confidence buckets', () => {
  it.each([
    [0.95, 'high'],
    [0.81, 'high'],
    [0.8, 'medium'],
    [0.51, 'medium'],
    [0.5, 'low'],
    [undefined, 'medium'],
  ])('%p is %s', (value, level) => {
    expect(confidenceLevel(value as number | undefined)).toBe(level);
  });
});
