import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise keeps each message as an .eml file in the
 * local outbox (MAIL_OUTBOX_DIR) for an operator to read.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  private readonly outboxDir?: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.mail.smtpUrl) {
      this.transport = nodemailer.createTransport(config.mail.smtpUrl);
    } else {
      this.outboxDir = path.resolve(config.mail.outboxDir);
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(message: MailMessage): Promise<{ messageId: string; outboxFile?: string }> {
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...message });
    if (!this.outboxDir) return { messageId: info.messageId };
    await mkdir(this.outboxDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = path.join(this.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
    // written aside, then renamed: whoever reads the outbox (a person, a test) never sees half a mail
    await writeFile(`${file}.part`, (info as unknown as { message: Buffer }).message);
    await rename(`${file}.part`, file);
    this.logger.log(`Mail to ${message.to} kept in the outbox: ${file}`);
    return { messageId: info.messageId, outboxFile: file };
  }
}
