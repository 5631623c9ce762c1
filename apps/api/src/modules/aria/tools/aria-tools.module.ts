import { Module } from '@nestjs/common';
import { ListingsModule } from '../../listings/listings.module';
import { MarketFiguresModule } from '../../market/listing-figures/market-figures.module';
import { MarketReportsModule } from '../../market/reports/market-reports.module';
import { MarketDataModule } from '../../market-data/market-data.module';
import { NearbyModule } from '../../nearby/nearby.module';
import { PlacesModule } from '../../places/places.module';
import { ARIA_RUN_COMPUTER, ARIA_TOOLS, type AriaTool } from '../aria-contracts';
import { ListingEmbeddingsRepository } from '../embeddings/listing-embeddings.repository';
import { ListingEmbeddingsService } from '../embeddings/listing-embeddings.service';
import { ListingEmbeddingsSubscriber } from '../embeddings/listing-embeddings.subscriber';
import { ListingEmbeddingsBackfillTask } from '../embeddings/listing-embeddings.task';
import { SentenceEmbedderModule } from '../embeddings/sentence-embedder.module';
import { AriaEngine } from '../engine/aria-engine';
import { LlmModule } from '../llm/llm.module';
import { AcquisitionCostsTool } from './acquisition-costs.tool';
import { AffordabilityTool } from './affordability.tool';
import { AriaFactsService } from './aria-facts.service';
import { AriaRunComputerService } from './aria-run-computer';
import { CompareListingsTool } from './compare-listings.tool';
import { FeasibilityTool } from './feasibility.tool';
import { GetListingTool } from './get-listing.tool';
import { MarketReportTool } from './market-report.tool';
import { SearchListingsTool } from './search-listings.tool';

/** The tools in ARIA_TOOL_NAMES order. */
const TOOL_CLASSES = [SearchListingsTool, GetListingTool, MarketReportTool, CompareListingsTool, AffordabilityTool, AcquisitionCostsTool, FeasibilityTool];

/**
 * ARIA's engine and what it runs (issue 17): the tools every provider may call (ARIA_TOOLS), the
 * loop (AriaEngine), the runs' computer (ARIA_RUN_COMPUTER), the sentence embedder
 * (SENTENCE_EMBEDDER) and the listing embeddings kept by a subscriber and a backfill task. Reads
 * listings, places, market figures, reports, zonal values and points of interest through their
 * modules' services; the provider (LLM_PROVIDER) comes from LlmModule.
 */
@Module({
  imports: [ListingsModule, PlacesModule, MarketFiguresModule, MarketReportsModule, MarketDataModule, NearbyModule, LlmModule, SentenceEmbedderModule],
  providers: [
    AriaFactsService,
    ...TOOL_CLASSES,
    { provide: ARIA_TOOLS, inject: TOOL_CLASSES, useFactory: (...tools: AriaTool[]) => tools },
    AriaRunComputerService,
    { provide: ARIA_RUN_COMPUTER, useExisting: AriaRunComputerService },
    AriaEngine,
    ListingEmbeddingsRepository,
    ListingEmbeddingsService,
    ListingEmbeddingsSubscriber,
    ListingEmbeddingsBackfillTask,
  ],
  exports: [AriaEngine, ARIA_RUN_COMPUTER, ARIA_TOOLS, ListingEmbeddingsService, SentenceEmbedderModule, LlmModule],
})
export class AriaToolsModule {}
