import { Injectable } from '@nestjs/common';
import { ARIA_COMPARE_MAX, ARIA_COMPARE_MIN } from '@app/domain';
import type { AriaTool, AriaToolContext, AriaToolResult, LlmToolSpec } from '../aria-contracts';
import { listingCitation } from './aria-facts.service';
import { AriaRunComputerService } from './aria-run-computer';
import { badArg, onlyKnown } from './tool-args';

/** compare_listings: 2-5 listings the member may see side by side (AriaRunComputerService.computeCompare, the compare run's rows). */
@Injectable()
export class CompareListingsTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'compare_listings',
    description:
      "Compare 2 to 5 listings: price, price per m² against the barangay median, size, estimated gross yield, nearby amenities, risk notes, and a recommendation with its reasons.",
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['listings'],
      properties: {
        listings: { type: 'array', minItems: ARIA_COMPARE_MIN, maxItems: ARIA_COMPARE_MAX, items: { type: 'string' }, description: 'Listing ids or codes.' },
      },
    },
  };

  constructor(private readonly runs: AriaRunComputerService) {}

  async run(raw: Record<string, unknown>, ctx: AriaToolContext): Promise<AriaToolResult> {
    onlyKnown(raw, ['listings']);
    const refs = raw.listings;
    if (!Array.isArray(refs) || refs.some((r) => typeof r !== 'string')) badArg('listings', `must be a list of ${ARIA_COMPARE_MIN} to ${ARIA_COMPARE_MAX} listing ids or codes`);
    const data = await this.runs.computeCompare(ctx.caller, refs as string[]);
    const best = data.recommendation ? data.rows.find((r) => r.id === data.recommendation!.listingId) : null;
    return {
      data,
      trace: {
        name: 'compare_listings',
        arguments: raw,
        cards: data.rows.map(({ barangayMedianPricePerSqm: _m, vsBarangayPct: _v, estimatedGrossYieldPct: _y, amenities: _a, riskNotes: _r, ...card }) => card),
        summary: `${data.rows.length} listings compared; ${best ? `best value: ${best.name} (${best.code})` : 'no recommendation (they cannot be compared)'}`,
      },
      citations: data.rows.map(listingCitation),
    };
  }
}
