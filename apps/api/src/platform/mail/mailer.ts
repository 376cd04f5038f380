import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { insertOutboxMessage, markOutboxMessage } from './mail.repository';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the email exists for; printed to the log when no SMTP server is configured. */
  link?: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/**
 * Every email is recorded in the outbox table. With SMTP_URL it is also sent, in the background so
 * that a slow mail server never holds up (or times) a request; without it, the log shows the link.
 */
export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const id = await insertOutboxMessage(options.db, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      if (!transport) {
        options.logger.info(
          { outboxId: id, subject: message.subject, link: message.link },
          'email written to the outbox',
        );
        return;
      }
      void transport
        .sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .then(
          () => markOutboxMessage(options.db, id, { sentAt: new Date() }),
          (error: unknown) => {
            options.logger.error({ err: error, outboxId: id }, 'sending an email failed');
            return markOutboxMessage(options.db, id, {
              error: error instanceof Error ? error.message : 'send failed',
            });
          },
        )
        .catch((error: unknown) =>
          options.logger.error({ err: error, outboxId: id }, 'recording an email outcome failed'),
        );
    },
  };
}
