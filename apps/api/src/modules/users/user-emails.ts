import type { MailMessage } from '../../common/mail/mail.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function linkMail(to: string, name: string, subject: string, intro: string, action: string, url: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `Hi ${name},\n\n${intro}\n\n${action}: ${url}\n\n${outro}\n\n— Tahanan`,
    html:
      `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p>${escapeHtml(outro)}</p><p>— Tahanan</p>`,
  };
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return linkMail(
    to,
    name,
    'Confirm your e-mail address',
    'Welcome to Tahanan! Please confirm this is your e-mail address.',
    'Confirm e-mail',
    url,
    'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
  );
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return linkMail(
    to,
    name,
    'Reset your password',
    'We received a request to reset the password of your Tahanan account.',
    'Choose a new password',
    url,
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this message; your password stays the same.',
  );
}
