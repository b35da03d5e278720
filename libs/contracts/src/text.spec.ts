import {
  cleanText,
  clientFrameSchema,
  createRoomBodySchema,
  hasControlCharacters,
  idTokenGrantBodySchema,
  passwordGrantBodySchema,
  recoverBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  updateUserBodySchema,
} from './index';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('cleanText', () => {
  const controls = [0x00, 0x07, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f];
  it.each(controls.map((code) => [code.toString(16).padStart(4, '0'), String.fromCharCode(code)]))('refuses U+%s', (_code, control) => {
    expect(hasControlCharacters(`a${control}b`)).toBe(true);
    expect(firstMessage(cleanText('name').safeParse(`a${control}b`))).toBe('name must not contain control characters');
  });

  it('lets tab, line breaks and any printable text through', () => {
    for (const value of ['a\tb', 'line\nline', 'line\r\nline', 'Café ñandú 東京 🎤', '\u00a0\u2028\u200b']) {
      expect(cleanText('name').safeParse(value)).toEqual({ success: true, data: value });
    }
  });
});

describe('text fields of the API refuse control characters', () => {
  const frame = {
    type: 'transcript',
    messageId: 'm1',
    sourceLanguage: 'es',
    timestamp: '2026-11-22T10:00:00.000Z',
    confidence: 0.9,
    final: true,
  };
  const join = { type: 'join', roomId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', role: 'host' };

  it.each([
    ['room name', createRoomBodySchema, { name: 'Key\u0000note' }, 'Room name must not contain control characters'],
    [
      'signup name',
      signupBodySchema,
      { email: 'a@example.com', password: 'secret1', name: 'Ana\u0000' },
      'Name must not contain control characters',
    ],
    ['signup e-mail', signupBodySchema, { email: 'a\u0000@example.com', password: 'secret1' }, 'Email must not contain control characters'],
    [
      'sign-in e-mail',
      passwordGrantBodySchema,
      { email: 'a@example.com\u007f', password: 'secret1' },
      'Email must not contain control characters',
    ],
    ['recovery e-mail', recoverBodySchema, { email: '\u0085a@example.com' }, 'Email must not contain control characters'],
    ['profile name', updateUserBodySchema, { name: 'Ana\u001b[31m' }, 'Name must not contain control characters'],
    [
      'refresh token',
      refreshGrantBodySchema,
      { refresh_token: `${'r'.repeat(30)}\u0000` },
      'Refresh token must not contain control characters',
    ],
    [
      'ID token',
      idTokenGrantBodySchema,
      { provider: 'google', id_token: `${'t'.repeat(30)}\u0000` },
      'ID token must not contain control characters',
    ],
    ['transcript text', clientFrameSchema, { ...frame, text: 'Hola\u0000 a todos' }, 'text must not contain control characters'],
    ['host key', clientFrameSchema, { ...join, hostKey: `${'k'.repeat(20)}\u0000` }, 'hostKey must not contain control characters'],
    [
      'invite token',
      clientFrameSchema,
      { ...join, role: 'speaker', inviteToken: `${'i'.repeat(20)}\u0001` },
      'inviteToken must not contain control characters',
    ],
    [
      'access token',
      clientFrameSchema,
      { ...join, role: 'viewer', accessToken: 'a.b.c\u0000' },
      'accessToken must not contain control characters',
    ],
  ])('%s', (_field, schema, input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });

  it('checks before trimming, so a control character at either end is refused too', () => {
    expect(createRoomBodySchema.safeParse({ name: 'Keynote\u0000' }).success).toBe(false);
    expect(clientFrameSchema.safeParse({ ...frame, text: '\u0000Hola' }).success).toBe(false);
  });

  it('keeps accepting multi-line transcripts and passwords of any character', () => {
    expect(clientFrameSchema.safeParse({ ...frame, text: 'Hola\na todos' }).success).toBe(true);
    expect(passwordGrantBodySchema.safeParse({ email: 'a@example.com', password: 'pa\u0000ss' }).success).toBe(true);
  });
});
