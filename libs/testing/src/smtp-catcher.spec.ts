import { createTransport } from 'nodemailer';
import { CaughtMail, decodeEncodedWords, linksIn, parseMail, SmtpCatcher } from './smtp-catcher';

describe('SmtpCatcher', () => {
  const catcher = new SmtpCatcher();
  let url: string;

  beforeAll(async () => {
    url = await catcher.start();
  });
  afterAll(() => catcher.stop());
  beforeEach(() => catcher.clear());

  it('resolves an smtp:// URL on 127.0.0.1', () => {
    expect(url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  });

  it('catches a plain ASCII mail sent by nodemailer', async () => {
    const transport = createTransport(url);
    await transport.sendMail({
      from: '"Rooms" <rooms@example.com>',
      to: 'Ana@Example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost:18180/api/auth/verify?token=abc&type=recovery to continue.',
    });
    transport.close();

    const mail = await catcher.waitForMail((m) => m.to.includes('ana@example.com'), 2000);
    expect(mail.from).toBe('Rooms <rooms@example.com>');
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toBe('Open http://localhost:18180/api/auth/verify?token=abc&type=recovery to continue.');
    expect(linksIn(mail.text)).toEqual(['http://localhost:18180/api/auth/verify?token=abc&type=recovery']);
    expect(mail.raw).toContain('Subject: Reset your password');
  });

  it('decodes non-ASCII subjects and bodies (quoted-printable), long links, and alternative HTML parts', async () => {
    const link = `http://localhost:18180/api/auth/verify?token=${'x'.repeat(120)}&type=recovery`;
    const transport = createTransport(url);
    await transport.sendMail({
      from: 'rooms@example.com',
      to: ['bea@example.com', 'carl@example.com'],
      subject: '¡Contraseña — restablecer!',
      text: `Hola Beñat,\nabre ${link}\n¡Gracias!`,
      html: `<p>Hola Beñat, <a href="${link}">abre</a></p>`,
    });
    transport.close();

    const mail = await catcher.waitForMail((m) => m.to.includes('bea@example.com'));
    expect(mail.to).toEqual(['bea@example.com', 'carl@example.com']);
    expect(mail.subject).toBe('¡Contraseña — restablecer!');
    expect(mail.text).toBe(`Hola Beñat,\nabre ${link}\n¡Gracias!`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(linksIn(mail.text)).toEqual([link]);
  });

  it('decodes base64 bodies', async () => {
    const transport = createTransport(url);
    await transport.sendMail({
      from: 'rooms@example.com',
      to: 'dan@example.com',
      subject: 'base64',
      text: 'Ünïcödé everywhere — 日本語',
      textEncoding: 'base64',
    });
    transport.close();

    const mail = await catcher.waitForMail((m) => m.to.includes('dan@example.com'));
    expect(mail.headers['content-transfer-encoding']).toBe('base64');
    expect(mail.text).toBe('Ünïcödé everywhere — 日本語');
  });

  it('accepts clients that send credentials', async () => {
    const withAuth = url.replace('smtp://', 'smtp://user:secret@');
    const transport = createTransport(withAuth);
    await transport.sendMail({ from: 'rooms@example.com', to: 'eve@example.com', subject: 'auth', text: 'ok' });
    transport.close();
    await expect(catcher.waitForMail((m) => m.to.includes('eve@example.com'))).resolves.toMatchObject({ text: 'ok' });
  });

  it('waits for a mail that has not arrived yet, and times out with what it did catch', async () => {
    const waiting = catcher.waitForMail((m) => m.subject === 'later', 3000);
    const transport = createTransport(url);
    await transport.sendMail({ from: 'rooms@example.com', to: 'fay@example.com', subject: 'later', text: 'here' });
    transport.close();
    await expect(waiting).resolves.toMatchObject({ subject: 'later' });

    await expect(catcher.waitForMail((m) => m.subject === 'never', 100)).rejects.toThrow(
      /no matching mail within 100 ms \(caught 1: fay@example.com "later"\)/,
    );
  });

  it('serves mails over HTTP and clears them', async () => {
    const base = await catcher.startHttp(0);
    const transport = createTransport(url);
    await transport.sendMail({ from: 'rooms@example.com', to: 'gus@example.com', subject: 'http', text: 'body' });
    await transport.sendMail({ from: 'rooms@example.com', to: 'hal@example.com', subject: 'other', text: 'body' });
    transport.close();
    await catcher.waitForMail((m) => m.to.includes('hal@example.com'));

    const all = (await (await fetch(`${base}/__mails`)).json()) as CaughtMail[];
    expect(all.map((m) => m.subject)).toEqual(['http', 'other']);
    const filtered = (await (await fetch(`${base}/__mails?to=GUS@example.com`)).json()) as CaughtMail[];
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatchObject({ to: ['gus@example.com'], subject: 'http', text: 'body' });

    expect((await fetch(`${base}/__clear`, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(`${base}/__mails`)).json()).toEqual([]);
    expect(catcher.mails).toEqual([]);
  });
});

describe('parseMail', () => {
  it('reads headers folded over lines and a nested multipart body', () => {
    const raw = [
      'From: rooms@example.com',
      'To: "Ana" <ana@example.com>,',
      ' bob@example.com',
      'Subject: =?UTF-8?Q?Hola_se=C3=B1or?=',
      '  =?UTF-8?B?wqFhZGnDs3Mh?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Espa=F1a es una lin=',
      'ea larga',
      '--inner--',
      '--outer',
      'Content-Type: text/plain',
      'Content-Disposition: attachment; filename=a.txt',
      '',
      'not the body',
      '--outer--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.to).toEqual(['ana@example.com', 'bob@example.com']);
    expect(mail.subject).toBe('Hola señor¡adiós!');
    expect(mail.text).toBe('España es una linea larga');
    expect(mail.html).toBeUndefined();
  });

  it('decodes encoded words and leaves plain text alone', () => {
    expect(decodeEncodedWords('plain')).toBe('plain');
    expect(decodeEncodedWords('=?utf-8?b?wqFDb250cmFzZcOxYSE=?=')).toBe('¡Contraseña!');
  });
});
