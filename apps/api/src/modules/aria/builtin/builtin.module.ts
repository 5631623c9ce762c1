import { Module } from '@nestjs/common';
import { SentenceEmbedderModule } from '../embeddings/sentence-embedder.module';
import { PlacesModule } from '../../places/places.module';
import { BuiltinLlmProvider } from './builtin.provider';

/**
 * ARIA's built-in local default provider (no key, no download): the LLM module provides it as
 * LLM_PROVIDER when ARIA_PROVIDER=builtin. It reads the PSGC place names through PlacesService and
 * guesses the intent of paraphrases its rules miss with the shipped sentence-embedding model.
 */
@Module({
  imports: [PlacesModule, SentenceEmbedderModule],
  providers: [BuiltinLlmProvider],
  exports: [BuiltinLlmProvider],
})
export class BuiltinModule {}
