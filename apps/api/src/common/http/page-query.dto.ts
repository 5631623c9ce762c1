import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PAGINATION } from '@app/domain';
import { LimitNumber, PageNumber, SkipNumber } from './whole-number';

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

/** `page`, `limit` and `skip` in the body of a search route (`skip` overrides `page`, as in the spec's search bodies). */
export class PageBodyDto {
  @ApiPropertyOptional({ type: Number, default: 1, minimum: 1, maximum: PAGINATION.maxPage })
  @IsOptional()
  @PageNumber()
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    default: PAGINATION.defaultLimit,
    minimum: 1,
    maximum: PAGINATION.maxLimitParam,
    description: `Items per page (more than ${PAGINATION.maxLimit} is served as ${PAGINATION.maxLimit})`,
  })
  @IsOptional()
  @LimitNumber()
  limit?: number;

  @ApiPropertyOptional({ type: Number, default: 0, minimum: 0, maximum: PAGINATION.maxSkip, description: 'Items to skip; overrides page' })
  @IsOptional()
  @SkipNumber()
  skip?: number;
}

/** The rows a page asks for: `limit` (capped at PAGINATION.maxLimit) after `skip` (or after the pages before `page`). */
export function pageWindow(query: PageQueryDto & { skip?: number }): { limit: number; skip: number } {
  const limit = Math.min(query.limit ?? PAGINATION.defaultLimit, PAGINATION.maxLimit);
  return { limit, skip: query.skip ?? ((query.page ?? PAGINATION.defaultPage) - 1) * limit };
}
