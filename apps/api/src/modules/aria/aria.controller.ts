import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPaymentRequiredResponse,
  ApiProduces,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ARIA_RUN_KINDS } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto, MessageResponseDto } from '../../common/http/common.dto';
import { Entitled } from '../subscriptions/entitlements';
import { AriaChatService } from './chat/aria-chat.service';
import {
  AriaChatDto,
  AriaConversationDto,
  AriaConversationSummaryDto,
  AriaHistoryCreateDto,
  AriaHistoryListDto,
  AriaHistoryQueryDto,
  AriaHistorySearchDto,
  AriaHistoryUpdateDto,
  AriaReplyDto,
  AriaRunDto,
  AriaRunQuoteDto,
  AriaStaffHistoryListDto,
  AriaStaffHistoryQueryDto,
  AriaStreamEventDto,
  AriaUsageDto,
  CompareRunDto,
  FeasibilityRunDto,
} from './dto/aria.dto';
import { AriaHistoryService, HISTORY_NOT_FOUND } from './history/aria-history.service';
import { AriaRunsService, RUN_NOT_FOUND } from './runs/aria-runs.service';

const STAFF = ['viewer', 'admin', 'super_admin'] as const;
const idOf = (message: string) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(message) });

/** ARIA chat (issue 17): a question answered from listings, market reports and the finance formulas; JSON or a stream. */
@ApiTags('aria')
@ApiExtraModels(AriaStreamEventDto)
@Controller()
export class AriaChatController {
  constructor(private readonly chat: AriaChatService) {}

  @Post('ai/chat')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask ARIA: the stored question and answer (a new chat when conversationId is left out)' })
  @ApiOkResponse({ type: AriaReplyDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiPaymentRequiredResponse({ type: ErrorResponseDto, description: 'Free plan: the daily messages are used (body.upgrade)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not one of your conversations' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Past ARIA_CHAT_PER_MINUTE (Retry-After)' })
  @ApiResponse({ status: 502, type: ErrorResponseDto, description: 'The model could not answer (the question is kept)' })
  askAria(@CurrentUser() caller: AuthUser, @Body() body: AriaChatDto): Promise<AriaReplyDto> {
    return this.chat.ask(caller, body);
  }

  @Post('ai/chat/stream')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask ARIA, streamed: text/event-stream of AriaStreamEvent JSON (conversation, tool_call, tool_result, text…, done | error)',
    description: 'Each event is one `data: <JSON>` block. Refusals found before the stream starts (validation, daily limit, rate limit, not your conversation) are ordinary JSON answers.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'The stream', content: { 'text/event-stream': { schema: { $ref: getSchemaPath(AriaStreamEventDto) } } } })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiPaymentRequiredResponse({ type: ErrorResponseDto, description: 'Free plan: the daily messages are used (body.upgrade)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async askAriaStreamed(@CurrentUser() caller: AuthUser, @Body() body: AriaChatDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.chat.stream(caller, body, req, res);
  }

  @Get('ai/chat/usage')
  @ApiOperation({ summary: "Today's ARIA messages and the plan's limit, the model answering, run prices and the credit balance" })
  @ApiOkResponse({ type: AriaUsageDto })
  getAriaUsage(@CurrentUser() caller: AuthUser): Promise<AriaUsageDto> {
    return this.chat.usage(caller);
  }
}

/** Feasibility runs and comparisons: BullMQ jobs that spend AI credits (reserved now, refunded when they fail). */
@ApiTags('aria')
@Controller()
export class AriaRunsController {
  constructor(private readonly runs: AriaRunsService) {}

  @Get('ai/run/quote/:kind')
  @ApiOperation({ summary: 'What a run costs, the balance, and whether the plan allows it' })
  @ApiParam({ name: 'kind', enum: ARIA_RUN_KINDS })
  @ApiOkResponse({ type: AriaRunQuoteDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  quoteAriaRun(@CurrentUser() caller: AuthUser, @Param('kind') kind: string): Promise<AriaRunQuoteDto> {
    return this.runs.quote(caller, this.runs.kindOf(kind));
  }

  @Post('ai/run/feasibility')
  @HttpCode(202)
  @ApiOperation({ summary: 'Start a feasibility run on a listing or a described property (credits held now; a history entry made)' })
  @ApiAcceptedResponse({ type: AriaRunDto, description: 'Queued: GET /ai/run/{id} for its progress' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiPaymentRequiredResponse({ type: ErrorResponseDto, description: 'Not enough AI credits (body.upgrade)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such listing' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Past ARIA_RUNS_PER_HOUR (Retry-After)' })
  startAriaFeasibilityRun(@CurrentUser() caller: AuthUser, @Body() body: FeasibilityRunDto): Promise<AriaRunDto> {
    return this.runs.requestFeasibility(caller, body);
  }

  @Post('ai/run/compare')
  @HttpCode(202)
  @Entitled('research.comparison')
  @ApiOperation({ summary: 'Start a comparison of 2-5 listings (credits held now; a history entry made)' })
  @ApiAcceptedResponse({ type: AriaRunDto, description: 'Queued: GET /ai/run/{id} for its progress' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such listing' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Past ARIA_RUNS_PER_HOUR (Retry-After)' })
  startAriaCompareRun(@CurrentUser() caller: AuthUser, @Body() body: CompareRunDto): Promise<AriaRunDto> {
    return this.runs.requestCompare(caller, body);
  }

  @Get('ai/run/:id')
  @ApiOperation({ summary: 'A run: status, progress, result and narrative (yours; staff for support)' })
  @ApiOkResponse({ type: AriaRunDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getAriaRun(@CurrentUser() caller: AuthUser, @Param('id', idOf(RUN_NOT_FOUND)) id: string): Promise<AriaRunDto> {
    return this.runs.get(caller, id);
  }

  @Get('ai/run/:id/pdf')
  @ApiOperation({ summary: "A succeeded run's PDF (aria_{kind}_{timestamp}.pdf)" })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The run has not succeeded (yet)' })
  async getAriaRunPdf(@CurrentUser() caller: AuthUser, @Param('id', idOf(RUN_NOT_FOUND)) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.runs.pdf(caller, id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(file.stream, { type: 'application/pdf', disposition: `attachment; filename="${file.fileName}"`, length: file.size });
  }
}

/** The history of chats and runs (spec: /ai/history/my, get/all, get/{id}, search, create, update; plus remove). */
@ApiTags('aria')
@Controller()
export class AriaHistoryController {
  constructor(private readonly history: AriaHistoryService) {}

  @Get('ai/history/my')
  @ApiOperation({ summary: 'Your chats and runs, most recently updated first' })
  @ApiOkResponse({ type: AriaHistoryListDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  getMyAriaHistory(@CurrentUser() caller: AuthUser, @Query() query: AriaHistoryQueryDto): Promise<AriaHistoryListDto> {
    return this.history.mine(caller, query);
  }

  @Get('ai/history/get/all')
  @Roles(...STAFF)
  @ApiOperation({ summary: "Staff: every member's entries (titles only, with their member; reading one is audited)" })
  @ApiOkResponse({ type: AriaStaffHistoryListDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  getAllAriaHistory(@Query() query: AriaStaffHistoryQueryDto): Promise<AriaStaffHistoryListDto> {
    return this.history.all(query);
  }

  @Get('ai/history/get/:id')
  @ApiOperation({ summary: 'An entry with its messages and runs (yours; staff for support, audited)' })
  @ApiOkResponse({ type: AriaConversationDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getAriaConversation(@CurrentUser() caller: AuthUser, @Param('id', idOf(HISTORY_NOT_FOUND)) id: string): Promise<AriaConversationDto> {
    return this.history.get(caller, id);
  }

  @Post('ai/history/search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Search your entries by title or message text (staff: everyone’s)' })
  @ApiOkResponse({ type: AriaHistoryListDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  searchAriaHistory(@CurrentUser() caller: AuthUser, @Body() body: AriaHistorySearchDto): Promise<AriaHistoryListDto> {
    return this.history.search(caller, body);
  }

  @Post('ai/history/create')
  @ApiOperation({ summary: 'An empty chat, to continue with /ai/chat' })
  @ApiCreatedResponse({ type: AriaConversationSummaryDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  createAriaConversation(@CurrentUser() caller: AuthUser, @Body() body: AriaHistoryCreateDto): Promise<AriaConversationSummaryDto> {
    return this.history.create(caller, body);
  }

  @Put('ai/history/update')
  @ApiOperation({ summary: 'Rename one of your entries' })
  @ApiOkResponse({ type: AriaConversationSummaryDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  updateAriaConversation(@CurrentUser() caller: AuthUser, @Body() body: AriaHistoryUpdateDto): Promise<AriaConversationSummaryDto> {
    return this.history.rename(caller, body);
  }

  @Delete('ai/history/remove/:id')
  @ApiOperation({ summary: 'Delete one of your entries with its messages and runs' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  removeAriaConversation(@CurrentUser() caller: AuthUser, @Param('id', idOf(HISTORY_NOT_FOUND)) id: string): Promise<MessageResponseDto> {
    return this.history.remove(caller, id);
  }
}
