import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { SENTENCE_EMBEDDER, type LlmChunk, type LlmMessage, type LlmProvider, type LlmRequest, type LlmToolCall, type SentenceEmbedder } from '../aria-contracts';
import { PlacesService } from '../../places/places.service';
import { INTENT_EXAMPLES, type AriaIntent } from './intents';
import { PlaceNameIndex, type PlaceNameRow } from './place-names';
import { afterTools, firstCalls, guardAnswer, understand, unknownAnswer, type PlanContext, type Turn, type Understanding } from './planner';

/** Cosine similarity a paraphrase needs to an intent's examples to count as that intent. */
export const INTENT_SIMILARITY = 0.6;
/** Intents a paraphrase may be guessed as (comparing and opening a listing need listing codes the rules read). */
const GUESSABLE: readonly AriaIntent[] = ['search', 'market', 'affordability', 'acquisition', 'feasibility'];

/**
 * ARIA's built-in local default (issue 17): no key, no download, no GPU. It reads the question with
 * rules (intents; ₱ amounts, bedrooms, kinds, buy or rent, loan terms; places matched against the
 * PSGC names), calls the same tools as any provider, and composes the answer from their data. Sentence
 * embeddings (when the embedder is available) only guess the intent of paraphrases the rules miss; the
 * search tool ranks listings by meaning itself.
 */
@Injectable()
export class BuiltinLlmProvider implements LlmProvider, OnApplicationBootstrap {
  readonly id = 'builtin';
  readonly label = 'ARIA built-in assistant';
  private readonly logger = new Logger(BuiltinLlmProvider.name);
  private index: Promise<PlaceNameIndex | null> | null = null;
  private examples: Promise<Array<{ intent: AriaIntent; vector: Float32Array }>> | null = null;

  constructor(
    @Optional() private readonly places?: PlacesService,
    @Optional() @Inject(SENTENCE_EMBEDDER) private readonly embedder?: SentenceEmbedder,
  ) {}

  /** Loads the place names in the background at start, so the first question does not wait for them (not under tests: each test app would read 44k places). */
  onApplicationBootstrap(): void {
    if (process.env.NODE_ENV !== 'test') void this.placeIndex();
  }

  /** Uses these place rows instead of the places table (tests, the eval's first-turn mode). */
  usePlaces(areas: readonly PlaceNameRow[], barangays: readonly PlaceNameRow[] = []): void {
    this.index = Promise.resolve(new PlaceNameIndex(areas, barangays));
  }

  async *chat(request: LlmRequest): AsyncIterable<LlmChunk> {
    const turn = await this.turn(request.messages);
    if ('calls' in turn) {
      const calls: LlmToolCall[] = turn.calls.map((c, i) => ({ id: `builtin_${randomBytes(6).toString('hex')}_${i}`, name: c.name, arguments: JSON.stringify(c.arguments) }));
      yield { type: 'tool_calls', calls };
      yield { type: 'done', finishReason: 'tool_calls' };
      return;
    }
    for (const [i, sentence] of turn.sentences.entries()) {
      if (request.signal?.aborted) break;
      yield { type: 'text', delta: i === 0 ? sentence : ` ${sentence}` };
    }
    yield { type: 'done', finishReason: 'stop' };
  }

  /** What the assistant makes of a question (the eval's first-turn mode reads it). */
  async understand(question: string): Promise<Understanding> {
    return understand(question, await this.context());
  }

  /** One turn of the conversation: the tool calls to make, or the answer's sentences. */
  async turn(messages: LlmMessage[]): Promise<Turn> {
    const lastUser = messages.map((m) => m.role).lastIndexOf('user');
    if (lastUser < 0) return { sentences: unknownAnswer(true) };
    const question = (messages[lastUser] as { content: string }).content;
    const history = messages.slice(0, lastUser).filter((m): m is LlmMessage & { role: 'user' | 'assistant' } => m.role === 'user' || m.role === 'assistant');
    const firstAnswer = !history.some((m) => m.role === 'assistant');
    const ctx = await this.context();
    let u = await understand(question, ctx);
    // refusals and "who are you" always; small talk only when the question asks nothing else
    const refusal = u.guard === 'protected_trait' || u.guard === 'private_data' || u.guard === 'identity';
    if (u.guard && (refusal || !u.intents.length)) return { sentences: guardAnswer(u.guard, firstAnswer) };
    if (!u.intents.length) u = await this.followUp(u, question, history, ctx);
    const after = messages.slice(lastUser + 1);
    if (after.some((m) => m.role === 'tool')) return afterTools(u, question, after);
    if (!u.intents.length) return { sentences: unknownAnswer(firstAnswer) };
    const planned = firstCalls(u, question, history);
    if (!Array.isArray(planned)) return { sentences: [planned.ask] };
    if (!planned.length) return { sentences: unknownAnswer(firstAnswer) };
    return { calls: planned };
  }

  /**
   * A short follow-up ("what about in Taguig?", "cheaper, under 40k", "how about 2BR") keeps the previous
   * question's intent and slots and changes what it says.
   */
  private async followUp(u: Understanding, question: string, history: Array<{ role: string; content: string }>, ctx: PlanContext): Promise<Understanding> {
    const says = Object.keys(u.slots).length > 0 || !!u.place;
    if (!says || question.length > 120) return u;
    const previous = [...history].reverse().find((m) => m.role === 'user');
    if (!previous) return u;
    const before = await understand(previous.content, ctx);
    if (!before.intents.length || before.guard) return u;
    return {
      guard: null,
      intents: before.intents,
      slots: { ...before.slots, ...u.slots },
      place: u.place ?? before.place,
      text: u.text ?? before.text,
    };
  }

  private async context(): Promise<PlanContext> {
    return { places: await this.placeIndex(), classify: this.embedder ? (q) => this.classify(q) : undefined };
  }

  /** The place names, read from the places table once (regions to municipalities, and barangays). */
  private placeIndex(): Promise<PlaceNameIndex | null> {
    if (!this.index) {
      const places = this.places;
      this.index = places
        ? (async () => {
            const started = Date.now();
            const [areas, barangays] = await Promise.all([
              places.placesWithin({ levels: ['region', 'province', 'city', 'municipality', 'submunicipality'] }),
              places.placesWithin({ levels: ['barangay'] }),
            ]);
            const index = new PlaceNameIndex(areas, barangays);
            if (!areas.length) {
              // a new database whose places are loaded after the start: read them again on the next question
              this.logger.log('No place names yet for the built-in assistant; read again on the next question');
              this.index = null;
              return index;
            }
            this.logger.log(`Place names loaded for the built-in assistant (${areas.length + barangays.length} in ${Date.now() - started} ms)`);
            return index;
          })().catch((err: unknown) => {
            this.logger.warn(`Place names not loaded (${err instanceof Error ? err.message : String(err)}); places pass as names`);
            this.index = null;
            return null;
          })
        : Promise.resolve(null);
    }
    return this.index;
  }

  /** The intent whose examples are nearest in meaning, when near enough (the sentence embedder, when present). */
  private async classify(question: string): Promise<AriaIntent | null> {
    const embedder = this.embedder;
    if (!embedder) return null;
    try {
      if (!this.examples) {
        const pairs = Object.entries(INTENT_EXAMPLES)
          .filter(([intent]) => GUESSABLE.includes(intent as AriaIntent))
          .flatMap(([intent, texts]) => texts.map((t) => ({ intent: intent as AriaIntent, text: t })));
        this.examples = embedder.embed(pairs.map((p) => p.text)).then((vectors) => pairs.map((p, i) => ({ intent: p.intent, vector: vectors[i] })));
      }
      const [examples, [q]] = await Promise.all([this.examples, embedder.embed([question])]);
      let best: { intent: AriaIntent; score: number } | null = null;
      for (const e of examples) {
        let dot = 0;
        for (let i = 0; i < q.length; i++) dot += q[i] * e.vector[i];
        if (!best || dot > best.score) best = { intent: e.intent, score: dot };
      }
      return best && best.score >= INTENT_SIMILARITY ? best.intent : null;
    } catch (err) {
      this.logger.warn(`Intent embedding failed: ${err instanceof Error ? err.message : String(err)}`);
      this.examples = null;
      return null;
    }
  }
}
