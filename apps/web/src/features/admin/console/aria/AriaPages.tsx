/** ARIA history in the console (issue 17 follow-up): the list of members' entries and one entry, read-only and audited. */
export { AriaHistoryPage } from './AriaHistoryPage';
export { AriaConversationPage } from './AriaConversationPage';
