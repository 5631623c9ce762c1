import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
  Res,
  UploadedFiles,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { UPLOAD_LIMITS } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public } from '../../common/auth/decorators';
import { UploadRoute } from '../../common/upload/upload.interceptor';
import { sendStream } from '../../common/storage/send-stream';
import { ArchiveThreadDto, CreateThreadDto, PageQueryDto, SendMessageDto, ThreadListQueryDto } from './dto/messaging-input.dto';
import {
  MarkReadResultDto,
  MessageDto,
  MessageListDto,
  SuccessDto,
  ThreadDto,
  ThreadListDto,
  UnreadCountDto,
} from './dto/messaging-output.dto';
import { ThreadParticipantGuard } from './thread-participant.guard';
import { RateLimited } from './message-rate-limit';
import { MessagingService, THREAD_NOT_FOUND } from './messaging.service';

const threadId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(THREAD_NOT_FOUND) });
const NOT_A_PARTICIPANT = 'Unknown thread, or the caller does not take part in it';

@ApiTags('threads')
@Controller('threads')
export class ThreadsController {
  constructor(private readonly messaging: MessagingService) {}

  @Post()
  @RateLimited('send')
  @ApiOperation({
    summary: 'Start a thread with a member, optionally about a listing',
    description:
      'One thread per pair of members and listing: 201 with the new thread, or 200 with the existing one (shown again to the caller if they had deleted it). With only listingId, the other participant is the listing owner.',
  })
  @ApiCreatedResponse({ type: ThreadDto, description: 'Created' })
  @ApiOkResponse({ type: ThreadDto, description: 'The thread already existed' })
  @ApiNotFoundResponse({ description: 'User not found / Listing not found' })
  async createThread(@CurrentUser() caller: AuthUser, @Body() dto: CreateThreadDto, @Res({ passthrough: true }) res: Response): Promise<ThreadDto> {
    const { thread, created } = await this.messaging.createThread(caller, dto);
    if (!created) res.status(200);
    return thread;
  }

  @Get()
  @RateLimited('fetch')
  @ApiOperation({ summary: "The caller's threads, newest activity first (deleted ones left out)" })
  @ApiOkResponse({ type: ThreadListDto })
  getThreads(@CurrentUser() caller: AuthUser, @Query() query: ThreadListQueryDto): Promise<ThreadListDto> {
    return this.messaging.listThreads(caller, query);
  }

  @Get('unread-count')
  @RateLimited('fetch')
  @ApiOperation({ summary: "The caller's unread messages from others, in all threads they have not deleted" })
  @ApiOkResponse({ type: UnreadCountDto })
  getThreadUnreadCount(@CurrentUser() caller: AuthUser): Promise<UnreadCountDto> {
    return this.messaging.unreadCount(caller);
  }

  @Get(':threadId')
  @RateLimited('fetch')
  @ApiOkResponse({ type: ThreadDto })
  @ApiNotFoundResponse({ description: NOT_A_PARTICIPANT })
  getThread(@CurrentUser() caller: AuthUser, @Param('threadId', threadId()) id: string): Promise<ThreadDto> {
    return this.messaging.getThread(caller, id);
  }

  @Delete(':threadId')
  @ApiOperation({ summary: 'Delete the thread for the caller only (the other side keeps it; a new message brings it back)' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiNotFoundResponse({ description: NOT_A_PARTICIPANT })
  deleteThread(@CurrentUser() caller: AuthUser, @Param('threadId', threadId()) id: string): Promise<{ success: true }> {
    return this.messaging.deleteThread(caller, id);
  }

  @Post(':threadId/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archive the thread for the caller (archived: false takes it out again)' })
  @ApiOkResponse({ type: ThreadDto })
  @ApiNotFoundResponse({ description: NOT_A_PARTICIPANT })
  archiveThread(@CurrentUser() caller: AuthUser, @Param('threadId', threadId()) id: string, @Body() dto: ArchiveThreadDto): Promise<ThreadDto> {
    return this.messaging.archiveThread(caller, id, dto.archived ?? true);
  }

  @Post(':threadId/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every message from the other side read (they receive messagesRead over the socket)' })
  @ApiOkResponse({ type: MarkReadResultDto })
  @ApiNotFoundResponse({ description: NOT_A_PARTICIPANT })
  markThreadRead(@CurrentUser() caller: AuthUser, @Param('threadId', threadId()) id: string): Promise<MarkReadResultDto> {
    return this.messaging.markRead(caller, id);
  }

  @Get(':threadId/messages')
  @RateLimited('fetch')
  @ApiOperation({
    summary: "A page of the thread's messages",
    description:
      'Page 1 holds the newest `limit` messages, page 2 the ones before them, and so on (limit defaults to 20, at most 100). Within a page the messages are oldest first, ready to render.',
  })
  @ApiOkResponse({ type: MessageListDto })
  @ApiNotFoundResponse({ description: NOT_A_PARTICIPANT })
  getThreadMessages(@CurrentUser() caller: AuthUser, @Param('threadId', threadId()) id: string, @Query() query: PageQueryDto): Promise<MessageListDto> {
    return this.messaging.listMessages(caller, id, query);
  }

  @Post(':threadId/messages')
  // guards in order: the sending limit, the caller takes part in the thread, the upload limit (multipart only); then the files are read
  @UploadRoute({ field: 'attachments', maxFiles: UPLOAD_LIMITS.maxFiles, maxBytes: UPLOAD_LIMITS.maxFileBytes }, ThreadParticipantGuard)
  @RateLimited('send')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: SendMessageDto })
  @ApiOperation({
    summary: 'Send a message',
    description:
      "JSON { content, attachments: [] }, or multipart/form-data with `content`, the files in the repeated field `attachments` (image, video or PDF by their bytes; at most 5, 10 MB each) and optionally `attachmentsJson`; either may carry `clientId`, the sender's token for the send, echoed (never stored) in the answer and in the sender's own newMessage. The message is pushed to every participant's connections as newMessage.",
  })
  @ApiCreatedResponse({ type: MessageDto })
  @ApiBadRequestResponse({ description: 'No text and no files, a file that is not an image, video or PDF, or more than 5 files' })
  @ApiPayloadTooLargeResponse({ description: 'A file over 10 MB' })
  @ApiNotFoundResponse({ description: NOT_A_PARTICIPANT })
  sendThreadMessage(
    @CurrentUser() caller: AuthUser,
    @Param('threadId', threadId()) id: string,
    @Body() dto: SendMessageDto,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
  ): Promise<MessageDto> {
    return this.messaging.sendMessage(caller, id, {
      content: dto.content,
      attachments: dto.attachments,
      attachmentsJson: dto.attachmentsJson,
      clientId: dto.clientId,
      files,
    });
  }

  /** A file sent in the thread, through the signed link of its AttachmentDto.url (works in <img> and <video>). */
  @Public()
  @Get(':threadId/attachments/:attachmentId')
  @ApiExcludeEndpoint()
  async getThreadAttachment(
    @Param('threadId') id: string,
    @Param('attachmentId') attachmentId: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.messaging.openAttachment(id, attachmentId, expires, signature, req.headers.range);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', `private, max-age=${file.secondsLeft}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (file.status === 416) {
      res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
      res.json({ statusCode: 416, message: 'The requested range is outside the file', error: 'Range Not Satisfiable' });
      return;
    }
    res.status(file.status);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.disposition);
    if (file.range) {
      res.setHeader('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      res.setHeader('Content-Length', String(file.range.end - file.range.start + 1));
    } else {
      res.setHeader('Content-Length', String(file.size));
    }
    sendStream(file.stream, res);
  }
}
