import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { sql } from 'drizzle-orm';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { Public } from '../../common/auth/decorators';
import { InjectDb, type Database } from '../../common/db/database.module';
import { REDIS } from '../../common/redis/redis.module';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { ListingSearchIndexService } from '../listings/search-index/listing-search-index.service';

class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'] }) status!: 'ok' | 'error';
  @ApiProperty({ enum: ['up', 'down'] }) database!: 'up' | 'down';
  @ApiProperty({ enum: ['up', 'down'] }) redis!: 'up' | 'down';
  @ApiProperty({
    enum: ['memory', 'loading', 'database'],
    description:
      'Where public searches are answered: from the listings held in memory, PostgreSQL while they load, or PostgreSQL always (LISTING_SEARCH_INDEX=false or the worker role)',
  })
  search!: 'memory' | 'loading' | 'database';
  @ApiProperty({ description: 'Which API process answered (1 to API_PROCESSES): each holds its own search index', example: 1 })
  process!: number;
}

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDb() private readonly db: Database,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly searchIndex: ListingSearchIndexService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async getHealth(@Res({ passthrough: true }) res: Response): Promise<HealthDto> {
    const [database, redis] = await Promise.all([
      within(this.db.execute(sql`select 1`), 2000).then(() => 'up' as const, () => 'down' as const),
      within(this.redis.ping(), 2000).then((r) => (r === 'PONG' ? ('up' as const) : ('down' as const)), () => 'down' as const),
    ]);
    const status = database === 'up' && redis === 'up' ? 'ok' : 'error';
    if (status !== 'ok') res.status(503);
    const search = !this.searchIndex.enabled ? 'database' : this.searchIndex.size === null ? 'loading' : 'memory';
    return { status, database, redis, search, process: this.config.apiProcess };
  }
}
