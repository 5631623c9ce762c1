import type { MailMessage } from '../../common/mail/mail.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation to join a team: the link carries the single-use token (only its hash is stored). */
export function teamInviteEmail(
  to: string,
  teamName: string,
  inviterName: string,
  role: string,
  url: string,
  ttlHours: number,
): MailMessage {
  const intro = `${inviterName} invited you to join ${teamName} on Tahanan as ${role === 'admin' ? 'an admin' : 'a member'}.`;
  const outro = `The link works once and expires in ${ttlHours} hours. If you do not know ${teamName}, ignore this message.`;
  return {
    to,
    subject: `Join ${teamName} on Tahanan`,
    text: `Hello,\n\n${intro}\n\nAccept the invitation: ${url}\n\n${outro}\n\n— Tahanan`,
    html:
      `<p>Hello,</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">Accept the invitation</a></p>` +
      `<p>${escapeHtml(outro)}</p><p>— Tahanan</p>`,
  };
}
