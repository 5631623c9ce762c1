import { Injectable, NotFoundException } from '@nestjs/common';
import type { AriaTool, AriaToolContext, AriaToolResult, GetListingData, LlmToolSpec } from '../aria-contracts';
import { AriaFactsService, listingCitation, toAriaCard } from './aria-facts.service';
import { badArg, onlyKnown, optString } from './tool-args';

const peso = (n: number) => `₱${Math.round(n).toLocaleString('en-US')}`;
/** Characters of a description handed to the model. */
const DESCRIPTION_CHARS = 1500;

/** get_listing: one listing the member may see (by id or code), with its barangay's median price per m² for the same offer and kind. */
@Injectable()
export class GetListingTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'get_listing',
    description: "One listing by its id or code (e.g. RES-000123): details, description and the barangay's median asking price per m² for comparison.",
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['listing'],
      properties: { listing: { type: 'string', description: 'A listing id (uuid) or code.' } },
    },
  };

  constructor(private readonly facts: AriaFactsService) {}

  async run(raw: Record<string, unknown>, ctx: AriaToolContext): Promise<AriaToolResult> {
    onlyKnown(raw, ['listing']);
    const ref = optString(raw, 'listing', 80) ?? badArg('listing', 'is required: a listing id or code');
    const [row] = await this.facts.visibleListings(ctx.caller, [ref]);
    if (!row) throw new NotFoundException(`No listing you can see has the id or code ${ref}`);
    const card = toAriaCard(row);
    const m = await this.facts.medianPerSqm(row, row.offer, row.kind);
    const data: GetListingData = {
      listing: {
        ...card,
        description: row.description.slice(0, DESCRIPTION_CHARS),
        tags: row.tags,
        furnishing: row.furnishing,
        parkingSlots: row.parkingSlots,
        address: [row.street, row.barangayName, row.cityName, row.provinceName, row.regionName].filter(Boolean).join(', '),
        createdAt: row.createdAt.toISOString(),
      },
      barangayMedianPricePerSqm: m ? { value: m.value, sampleSize: m.sampleSize, area: m.area, period: m.period, source: m.source } : null,
    };
    const vs =
      m && card.pricePerSqm && card.currency === 'PHP'
        ? `; ${peso(card.pricePerSqm)}/m² vs ${m.area} median ${peso(m.value)}/m² (${m.sampleSize} listings)`
        : '';
    return {
      data,
      trace: { name: 'get_listing', arguments: raw, cards: [card], summary: `${row.name} (${row.code}): ${peso(card.price)}${row.offer === 'rent' ? ' a month' : ''}${vs}` },
      citations: [listingCitation(row)],
    };
  }
}
