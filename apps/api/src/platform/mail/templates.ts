import type { EmailMessage } from './mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function email(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  action: { label: string; link: string },
): EmailMessage {
  const text = [greeting, '', ...paragraphs, '', `${action.label}: ${action.link}`, '', '— TeamHire'].join(
    '\n',
  );
  const html = `<p>${escapeHtml(greeting)}</p>${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p><p>— TeamHire</p>`;
  return { to, subject, text, html, link: action.link };
}

export function verificationEmail(to: string, username: string, link: string): EmailMessage {
  return email(
    to,
    'Verify your TeamHire email address',
    `Hi ${username},`,
    ['Please confirm your email address to complete your account setup. The link is valid for 24 hours.'],
    { label: 'Verify my email', link },
  );
}

export function passwordResetEmail(to: string, username: string, link: string): EmailMessage {
  return email(
    to,
    'Reset your TeamHire password',
    `Hi ${username},`,
    [
      'Someone asked to reset the password of your TeamHire account. The link is valid for one hour and works once.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    { label: 'Choose a new password', link },
  );
}

/** A plain notification: what happened, and where to see it. */
export function notificationEmail(
  to: string,
  username: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; link: string },
): EmailMessage {
  return email(to, subject, `Hi ${username},`, paragraphs, action);
}
