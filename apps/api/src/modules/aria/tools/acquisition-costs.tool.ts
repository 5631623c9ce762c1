import { Injectable } from '@nestjs/common';
import { FINANCE_DISCLAIMER, acquisitionCosts, type AriaCitation } from '@app/domain';
import type { AcquisitionCostsData, AriaTool, AriaToolResult, LlmToolSpec } from '../aria-contracts';
import { AriaFactsService } from './aria-facts.service';
import { badArg, financeInput, onlyKnown, optBoolean, optNumber, optPsgc, optString } from './tool-args';

const peso = (n: number) => `₱${Math.round(n).toLocaleString('en-US')}`;

/**
 * acquisition_costs: the taxes and fees of buying (property-finance's acquisitionCosts(): capital
 * gains or creditable withholding tax, documentary stamp tax, transfer tax by LGU, registration and
 * notarial fees), the place picking the transfer-tax rate; in a barangay with imported BIR zonal
 * values, their median per m² (× `floorArea` when given: the tax base is the higher of price and zonal value).
 */
@Injectable()
export class AcquisitionCostsTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'acquisition_costs',
    description:
      "Taxes and fees of buying a property in the Philippines (capital gains tax or creditable withholding tax, documentary stamp tax, local transfer tax, registration and notarial fees), who pays each, on the higher of price and zonal value.",
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['price'],
      properties: {
        price: { type: 'number', exclusiveMinimum: 0, description: 'Pesos.' },
        zonalValue: { type: 'number', exclusiveMinimum: 0, description: "The BIR zonal value of the whole property, pesos, when known." },
        placeCode: { type: 'string', pattern: '^\\d{10}$', description: 'PSGC code of the barangay or city (transfer tax rate, zonal values).' },
        placeName: { type: 'string' },
        floorArea: { type: 'number', exclusiveMinimum: 0, description: "Square metres: with a barangay's zonal value per m², the property's zonal value." },
        sellerIsHabitualDealer: { type: 'boolean', description: 'A developer or dealer sells: creditable withholding tax instead of capital gains tax.' },
      },
    },
  };

  constructor(private readonly facts: AriaFactsService) {}

  async run(raw: Record<string, unknown>): Promise<AriaToolResult> {
    onlyKnown(raw, ['price', 'zonalValue', 'placeCode', 'placeName', 'floorArea', 'sellerIsHabitualDealer']);
    const price = optNumber(raw, 'price', 1, 10_000_000_000) ?? badArg('price', 'is required: the price in pesos');
    let zonalValue = optNumber(raw, 'zonalValue', 1, 100_000_000_000);
    const floorArea = optNumber(raw, 'floorArea', 1, 10_000_000);
    const placeCode = optPsgc(raw, 'placeCode');
    const placeName = optString(raw, 'placeName', 120);
    const sellerIsHabitualDealer = optBoolean(raw, 'sellerIsHabitualDealer') ?? false;
    const place = placeCode || placeName ? await this.facts.place(placeCode, placeName) : null;
    const notes: string[] = [];
    const citations: AriaCitation[] = [{ kind: 'formula', label: 'Taxes and fees of a property sale (NIRC, LGC, LRA fee schedule)', url: null }];
    if ((placeCode || placeName) && !place) notes.push(`No place "${placeName ?? placeCode}" was found: the provincial transfer-tax rate is used.`);
    let zonalLookup: { valuePerSqm: number; entries: number; period: string; source: string; barangay: string } | null = null;
    if (place?.level === 'barangay') {
      const z = await this.facts.zonalPerSqm(place.code);
      if (z) {
        zonalLookup = { valuePerSqm: z.value, entries: z.entries, period: z.period, source: z.source, barangay: place.name };
        citations.push({ kind: 'report', label: `BIR zonal values: ${place.name}`, url: `/market/${place.code}/zonal_values`, source: `${z.source}, ${z.period}` });
        if (zonalValue === undefined && floorArea) {
          zonalValue = Math.round(z.value * floorArea);
          notes.push(`Zonal value: the median of ${z.entries} BIR entries in ${place.name} (${peso(z.value)}/m²) × ${floorArea} m² = ${peso(zonalValue)}.`);
        } else if (zonalValue === undefined) {
          notes.push(`BIR zonal values in ${place.name}: median ${peso(z.value)}/m² (${z.entries} entries). Give the floor or lot area to use it as the tax base when it is above the price.`);
        }
      } else notes.push(`No BIR zonal values are imported for ${place.name}: the price is the tax base.`);
    }
    const regionCode = place ? (place.level === 'region' ? place.code : place.detail.regionCode) : null;
    const cityLevel = place?.level === 'city' || place?.level === 'municipality' ? place.level : place?.detail.cityRow?.level;
    const result = financeInput(() =>
      acquisitionCosts({ price, zonalValue: zonalValue ?? null, regionCode, isCity: cityLevel ? cityLevel === 'city' : null, sellerIsHabitualDealer }),
    );
    const data: AcquisitionCostsData = {
      ...result,
      place: place ? { code: place.code, name: place.name, level: place.level } : null,
      zonalLookup,
      notes,
      disclaimer: FINANCE_DISCLAIMER,
    };
    return {
      data,
      trace: {
        name: 'acquisition_costs',
        arguments: raw,
        summary: `Buyer pays ${peso(result.buyerTotal)}, seller ${peso(result.sellerTotal)} in taxes and fees on ${result.baseIs === 'zonal value' ? 'the zonal value' : 'the price'} of ${peso(result.taxBase)}`,
      },
      citations,
    };
  }
}
