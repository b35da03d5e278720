import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { AccountsConfig } from '../accounts.config';
import { Mailer } from './mailer';

describe('Mailer without SMTP', () => {
  let dir: string;
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'lt-mail-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each mail to DATA_DIR/mail', async () => {
    const mailer = new Mailer({ DATA_DIR: dir, MAIL_FROM: 'rooms@example.com' } as AccountsConfig);
    await mailer.send({ to: 'ana@example.com', subject: 'Reset', text: 'https://rooms.example/api/auth/verify?token=abc' });
    const files = await readdir(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    const content = await readFile(join(dir, 'mail', files[0]), 'utf8');
    expect(content).toContain('To: ana@example.com');
    expect(content).toContain('Subject: Reset');
    expect(content).toContain('verify?token=abc');
  });
});
