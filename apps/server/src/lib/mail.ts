import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

/** `fromName`: the sender's display name, when not the configured sender's own. */
export type Mail = { to: string; subject: string; text: string; html: string; fromName?: string };

/** The configured sender under another display name (the address stays ours). */
function senderOf(from: string, name?: string) {
  if (!name) return from;
  return { name, address: addressOf(from) };
}

/** The address of `Name <address>` (or of a bare address), found in one pass. */
export function addressOf(from: string): string {
  const open = from.lastIndexOf('<');
  const close = open < 0 ? -1 : from.indexOf('>', open);
  return close > open + 1 ? from.slice(open + 1, close).trim() : from.trim();
}
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox and its links are logged, so a fresh install needs no mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        const { fromName, ...message } = mail;
        await transport.sendMail({ ...message, from: senderOf(opts.from, fromName) });
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const { fromName, ...message } = mail;
      const info = await stream.sendMail({ ...message, from: senderOf(opts.from, fromName) });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.logger.info(
        { to: mail.to, subject: mail.subject, file, links },
        'mail written to outbox',
      );
    },
  };
}
