export const MESSAGE_NOTIFICATION_BODY_LENGTH = 140;

/** The body of the in-app notification a new message leaves: its first 140 characters, or a word about its files. */
export function messageNotificationBody(content: string): string {
  const text = Array.from(content).slice(0, MESSAGE_NOTIFICATION_BODY_LENGTH).join('');
  return text || 'Sent an attachment';
}
