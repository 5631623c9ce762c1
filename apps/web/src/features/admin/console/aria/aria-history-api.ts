/**
 * ARIA history for staff (support reading): GET /ai/history/get/all (every member's entries, titles
 * only, with their member) and GET /ai/history/get/{id} (an entry's messages and runs; each read by
 * staff is recorded as `aria.history_read_by_staff`, severity high in the audit log).
 */
import { enhancedApi } from '@/lib/api/tags';
import type { AriaConversationDto, AriaMessageDto, AriaRunDto, AriaStaffConversationSummaryDto, GetAllAriaHistoryApiArg } from '@/lib/api/generated';

export type StaffAriaEntry = AriaStaffConversationSummaryDto;
export type StaffAriaConversation = AriaConversationDto;
export type StaffAriaMessage = AriaMessageDto;
export type StaffAriaRun = AriaRunDto;
export type StaffAriaHistoryArg = GetAllAriaHistoryApiArg;

export const { useGetAllAriaHistoryQuery, useGetAriaConversationQuery } = enhancedApi;
