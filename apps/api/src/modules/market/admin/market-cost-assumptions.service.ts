import { BadRequestException, Injectable } from '@nestjs/common';
import { COST_ASSUMPTION_FIELDS, DEFAULT_COST_ASSUMPTIONS, type CostAssumptions } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Transactions } from '../../../common/db/transactions';
import { EventsService } from '../../../common/events/events.service';
import { checkAssumptionValues } from './cost-assumption-rules';
import { MarketCostAssumptionsRepository, type CostAssumptionsRow } from './market-cost-assumptions.repository';

/** The assumptions of one property kind as reports and the console use them. */
export interface CostAssumptionsEntry {
  values: CostAssumptions;
  /** True when no staff change is on record: the documented default (DEFAULT_COST_ASSUMPTIONS). */
  isDefault: boolean;
  /** Staff's reason for the change; the default's description otherwise. */
  note: string;
  /** When staff last changed it; null for a default. */
  updatedAt: string | null;
}

export const DEFAULT_ASSUMPTIONS_NOTE = 'Documented default (README, "Market reports")';

/** The property kinds that have cost assumptions (those with a documented default). */
export const COST_ASSUMPTION_KINDS = Object.keys(DEFAULT_COST_ASSUMPTIONS);

function entryOf(kind: string, row: CostAssumptionsRow | undefined | null): CostAssumptionsEntry {
  const defaults = DEFAULT_COST_ASSUMPTIONS[kind];
  if (!row) return { values: { ...defaults }, isDefault: true, note: DEFAULT_ASSUMPTIONS_NOTE, updatedAt: null };
  // a field missing from a stored row (added to the table of fields later) keeps its default
  const values = Object.fromEntries(
    COST_ASSUMPTION_FIELDS.map((f) => [f, typeof row.values[f] === 'number' ? row.values[f] : defaults[f]]),
  ) as CostAssumptions;
  return { values, isDefault: false, note: row.note, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Capital-expenditure and operating-cost assumptions per property kind: the documented defaults
 * (libs/domain DEFAULT_COST_ASSUMPTIONS) unless staff changed them (table market_cost_assumptions).
 * The cap-ex and capitalization-rate reports name them.
 */
@Injectable()
export class MarketCostAssumptionsService {
  constructor(
    private readonly assumptions: MarketCostAssumptionsRepository,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {}

  /** Every kind with a default, keyed by kind. */
  async all(): Promise<Record<string, CostAssumptionsEntry>> {
    const rows = new Map((await this.assumptions.all()).map((r) => [r.kind, r]));
    return Object.fromEntries(COST_ASSUMPTION_KINDS.map((kind) => [kind, entryOf(kind, rows.get(kind))]));
  }

  /** The assumptions of one kind, or null for a kind without any (no documented default). */
  async forKind(kind: string): Promise<CostAssumptionsEntry | null> {
    if (!COST_ASSUMPTION_KINDS.includes(kind)) return null;
    return entryOf(kind, await this.assumptions.find(kind));
  }

  /** Staff change some fields of a kind (the others keep their current value), with why. */
  async update(caller: AuthUser, kind: string, body: { values: unknown; note: string }): Promise<CostAssumptionsEntry> {
    this.knownKind(kind);
    const given = checkAssumptionValues(body.values);
    return this.transactions.run(async () => {
      const current = entryOf(kind, await this.assumptions.find(kind));
      const values = { ...current.values, ...given };
      const row = await this.assumptions.upsert({ kind, values, note: body.note, updatedById: caller.id });
      await this.publish(caller, kind, Object.keys(given));
      return entryOf(kind, row);
    });
  }

  /** Back to the documented default (no row); fine when it was the default already (no event then). */
  async reset(caller: AuthUser, kind: string): Promise<CostAssumptionsEntry> {
    this.knownKind(kind);
    return this.transactions.run(async () => {
      const removed = await this.assumptions.remove(kind);
      if (removed) {
        const changed = COST_ASSUMPTION_FIELDS.filter((f) => removed.values[f] !== DEFAULT_COST_ASSUMPTIONS[kind][f]);
        await this.publish(caller, kind, changed);
      }
      return entryOf(kind, null);
    });
  }

  private publish(caller: AuthUser, kind: string, fields: string[]) {
    return this.events.publish({
      type: 'market.assumptions_updated',
      actorId: caller.id,
      entity: { kind: 'market', id: `cost-assumptions:${kind}` },
      data: { kind, fields },
    });
  }

  private knownKind(kind: string): void {
    if (!COST_ASSUMPTION_KINDS.includes(kind)) {
      throw new BadRequestException(`kind must be one of: ${COST_ASSUMPTION_KINDS.join(', ')}`);
    }
  }
}
