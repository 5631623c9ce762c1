import type { NewNotificationRow } from './notifications.repository';

export const MESSAGE_NOTIFICATION_BODY_LENGTH = 140;

/** The in-app notification a new message leaves for its recipient. */
export function messageNotification(input: {
  recipientId: string;
  sender: { id: string; firstName: string; lastName: string };
  threadId: string;
  messageId: string;
  listingId: string | null;
  content: string;
}): NewNotificationRow {
  const text = Array.from(input.content).slice(0, MESSAGE_NOTIFICATION_BODY_LENGTH).join('');
  return {
    userId: input.recipientId,
    type: 'message',
    title: `New message from ${`${input.sender.firstName} ${input.sender.lastName}`.trim()}`,
    body: text || 'Sent an attachment',
    data: { threadId: input.threadId, messageId: input.messageId, senderId: input.sender.id, listingId: input.listingId },
  };
}
