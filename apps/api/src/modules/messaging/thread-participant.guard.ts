import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { MessagingService } from './messaging.service';

/**
 * Runs before a message's files are read: the caller must take part in the thread `:threadId`; to
 * anybody else it does not exist (404, the rule of every messaging route).
 */
@Injectable()
export class ThreadParticipantGuard implements CanActivate {
  constructor(private readonly messaging: MessagingService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    await this.messaging.assertParticipant(req.user!, req.params.threadId);
    return true;
  }
}
