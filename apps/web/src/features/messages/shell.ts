/**
 * The parts of messaging the app shell loads up front (the provider that follows the socket and the
 * header badge); the screens load lazily from `index.ts`.
 */
export { MessagingProvider } from './MessagingProvider';
export { UnreadMessagesBadge, unreadLabel } from './components/UnreadMessagesBadge';
