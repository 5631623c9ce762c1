/**
 * ARIA's endpoints (/api/ai/*, generated in lib/api/generated.ts, tag 'aria') under the names the ARIA
 * screens use, and the generated DTOs under shorter names. Streaming chat is read with fetch (sse.ts),
 * not through the generated `askAriaStreamed`. If the API's operation names change, only this file does.
 */
import type {
  AriaConversationDto,
  AriaConversationSummaryDto,
  AriaHistoryListDto,
  AriaMessageDto,
  AriaRunDto,
  AriaRunQuoteDto,
  AriaUsageDto,
  FeasibilityAssumptionsDto,
  FeasibilityRunDto,
} from '@/lib/api/generated';
import { api } from '@/lib/api/generated';

export {
  useGetAriaUsageQuery as useAriaUsageQuery,
  useQuoteAriaRunQuery as useAriaQuoteQuery,
  useGetAriaRunQuery as useAriaRunQuery,
  useStartAriaFeasibilityRunMutation as useStartFeasibilityMutation,
  useStartAriaCompareRunMutation as useStartCompareMutation,
  useGetMyAriaHistoryQuery as useAriaHistoryQuery,
  useSearchAriaHistoryQuery,
  useGetAriaConversationQuery as useAriaConversationQuery,
  useUpdateAriaConversationMutation as useRenameAriaConversationMutation,
  useRemoveAriaConversationMutation as useRemoveAriaConversationMutation,
} from '@/lib/api/generated';

export type AriaUsage = AriaUsageDto;
export type AriaQuote = AriaRunQuoteDto;
export type AriaRun = AriaRunDto;
export type AriaMessage = AriaMessageDto;
export type AriaConversationSummary = AriaConversationSummaryDto;
export type AriaConversation = AriaConversationDto;
export type AriaHistoryList = AriaHistoryListDto;
export type FeasibilityRunRequest = FeasibilityRunDto;
export type FeasibilityAssumptions = FeasibilityAssumptionsDto;


/** After a streamed answer: the history (a new conversation, its title) and the usage (messages left) are stale. */
export const ariaAnswered = () => api.util.invalidateTags(['aria']);
