import { HttpException, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { ListingsService } from '../listings.service';
import type { BulkAction, BulkItemResultDto, ListingBulkResultDto } from './listing-bulk.dto';

/**
 * An admin's action on many listings: each goes through the single-listing method (setVisibility,
 * verify, remove), so its rules, events and audit entries are the same; each in its own transaction,
 * one after the other, and one that fails does not stop the others.
 */
@Injectable()
export class ListingBulkService {
  private readonly logger = new Logger(ListingBulkService.name);

  constructor(private readonly listings: ListingsService) {}

  async run(caller: AuthUser, ids: string[], action: BulkAction): Promise<ListingBulkResultDto> {
    const results: BulkItemResultDto[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await this.one(caller, id, action);
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof HttpException)) this.logger.error(`Bulk ${action} of listing ${id} failed`, err as Error);
        results.push({ id, ok: false, message: err instanceof HttpException ? messageOf(err) : 'Something went wrong with this listing; try it again' });
      }
    }
    const done = results.filter((r) => r.ok).length;
    return { results, done, failed: results.length - done };
  }

  private async one(caller: AuthUser, id: string, action: BulkAction): Promise<void> {
    switch (action) {
      case 'hide':
      case 'show':
        await this.listings.setVisibility(caller, id, action === 'show');
        return;
      case 'verify':
      case 'unverify':
        await this.listings.verify(caller, id, action === 'verify');
        return;
      case 'remove':
        await this.listings.remove(caller, id);
        return;
    }
  }
}

function messageOf(err: HttpException): string {
  const body = err.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : err.message;
}
