import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ListingsModule } from '../listings/listings.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { AriaChatController, AriaHistoryController, AriaRunsController } from './aria.controller';
import { AriaChatService } from './chat/aria-chat.service';
import { AriaHistoryRepository } from './history/aria-history.repository';
import { AriaHistoryService } from './history/aria-history.service';
import { AriaRunsRepository } from './runs/aria-runs.repository';
import { AriaRunsService } from './runs/aria-runs.service';
import { AriaRunsWorker } from './runs/aria-runs.worker';
import { AriaToolsModule } from './tools/aria-tools.module';

/**
 * ARIA, the AI assistant (issue 17): chat over listings and market reports, feasibility runs and
 * comparisons spending AI credits, and the history of both (tables aria_conversations,
 * aria_messages, aria_runs, listing_embeddings). The engine, tools, run computer and provider come
 * from AriaToolsModule (which re-exports LlmModule).
 */
@Module({
  imports: [CreditsModule, SubscriptionsModule, ListingsModule, UsersModule, AriaToolsModule],
  controllers: [AriaChatController, AriaRunsController, AriaHistoryController],
  providers: [
    AriaChatService,
    AriaHistoryService,
    AriaHistoryRepository,
    AriaRunsService,
    AriaRunsRepository,
  ],
  exports: [AriaRunsService],
})
export class AriaModule {}

/** The `aria-runs` queue's worker (roles with workers). */
@Module({ imports: [AriaModule], providers: [AriaRunsWorker] })
export class AriaWorkerModule {}
