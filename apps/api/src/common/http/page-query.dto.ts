import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PAGINATION } from '@app/domain';
import { LimitNumber, PageNumber } from './whole-number';

/** `?page=&limit=` of a plain list route (the spec's Pagination answers it). */
export class PageQueryDto {
  @ApiPropertyOptional({ type: Number, default: 1, minimum: 1, maximum: PAGINATION.maxPage })
  @IsOptional()
  @PageNumber({ query: true })
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    default: PAGINATION.defaultLimit,
    minimum: 1,
    maximum: PAGINATION.maxLimitParam,
    description: `Items per page (more than ${PAGINATION.maxLimit} is served as ${PAGINATION.maxLimit})`,
  })
  @IsOptional()
  @LimitNumber({ query: true })
  limit?: number;
}

/** The rows a page asks for: `limit` (capped at PAGINATION.maxLimit) after `skip`. */
export function pageWindow(query: PageQueryDto): { limit: number; skip: number } {
  const limit = Math.min(query.limit ?? PAGINATION.defaultLimit, PAGINATION.maxLimit);
  return { limit, skip: ((query.page ?? PAGINATION.defaultPage) - 1) * limit };
}
