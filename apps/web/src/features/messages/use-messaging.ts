import { MessagingController } from './messaging-controller';
import { useMessagingSlot } from './MessagingProvider';

/**
 * The app's messaging controller, for the messages screens. It imports the controller's code statically
 * (the screens' chunk carries it), so it never suspends; the shell's MessagingProvider loads the same code
 * on its own once a member signs in.
 */
export function useMessaging(): MessagingController {
  return useMessagingSlot().get(MessagingController);
}
