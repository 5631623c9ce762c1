import { Module } from '@nestjs/common';
import { SENTENCE_EMBEDDER } from '../aria-contracts';
import { EnergeticSentenceEmbedder } from './sentence-embedder';

/** SENTENCE_EMBEDDER: the built-in sentence-embedding model (no dependencies, so the built-in provider's module may import it too). */
@Module({
  providers: [{ provide: SENTENCE_EMBEDDER, useClass: EnergeticSentenceEmbedder }],
  exports: [SENTENCE_EMBEDDER],
})
export class SentenceEmbedderModule {}
