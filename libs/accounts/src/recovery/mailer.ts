import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { ACCOUNTS_ENV, type AccountsConfig } from '../accounts.config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends through SMTP_URL; without it, writes each mail to the log and to DATA_DIR/mail. */
@Injectable()
export class Mailer {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter | null;

  constructor(@Inject(ACCOUNTS_ENV) private readonly config: AccountsConfig) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
      return;
    }
    const dir = join(this.config.DATA_DIR, 'mail');
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.txt`);
    await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    // The mail holds a sign-in link: only LOG_LEVEL=debug shows it in the log.
    this.logger.log(`mail to ${mail.to} (no SMTP_URL set) written to ${file}`);
    this.logger.debug(`mail to ${mail.to}:\n${mail.text}`);
  }
}
