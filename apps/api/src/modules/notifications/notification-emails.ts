import type { NotificationRow } from '@app/db';
import type { MailMessage } from '../../common/mail/mail.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail copy of a notification (for the kinds a member wants by e-mail). */
export function notificationEmail(to: string, name: string, row: NotificationRow, url: string): MailMessage {
  const footer = 'You get this e-mail because you chose it in Settings → Notifications on Tahanan.';
  return {
    to,
    subject: row.title,
    text: `Hi ${name},\n\n${row.title}\n${row.body}\n\nOpen it: ${url}\n\n${footer}\n\n— Tahanan`,
    html:
      `<p>Hi ${escapeHtml(name)},</p><p><strong>${escapeHtml(row.title)}</strong><br>${escapeHtml(row.body)}</p>` +
      `<p><a href="${escapeHtml(url)}">Open it on Tahanan</a></p><p>${escapeHtml(footer)}</p><p>— Tahanan</p>`,
  };
}
