import { Injectable } from '@nestjs/common';
import { BASE_CURRENCY, CURRENCY_RATE_LIMITS, FOREIGN_CURRENCIES, buildPagination, type ForeignCurrency } from '@app/domain';
import type { CurrencyRateRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { UsersService } from '../users/users.service';
import type {
  CurrencyRateDto,
  CurrencyRateHistoryDto,
  CurrencyRateHistoryQueryDto,
  CurrencyRatesDto,
  CurrencyRateWrittenDto,
  UpdateCurrencyRateDto,
} from './dto/currency-rate.dto';
import { CurrencyRatesRepository } from './currency-rates.repository';
import { pageWindow } from '../../common/http/page-query.dto';

function toCurrencyRateDto(row: CurrencyRateRow): CurrencyRateDto {
  return {
    currency: row.currency as ForeignCurrency,
    phpPerUnit: Number(row.phpPerUnit),
    asOf: row.asOf,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Rates from the peso to the other currencies of the spec, kept by staff (no live rates are
 * reachable). Every written rate stays as history; a currency's current rate is its latest asOf.
 */
@Injectable()
export class CurrencyRatesService {
  constructor(
    private readonly rates: CurrencyRatesRepository,
    private readonly users: UsersService,
  ) {}

  async current(): Promise<CurrencyRatesDto> {
    const byCurrency = new Map((await this.rates.current()).map((row) => [row.currency, row]));
    const rates = FOREIGN_CURRENCIES.flatMap((c) => {
      const row = byCurrency.get(c);
      return row ? [toCurrencyRateDto(row)] : [];
    });
    return { base: BASE_CURRENCY, rates };
  }

  /** Writes the rate of (currency, asOf); an older asOf goes into the history without replacing the current rate. */
  async update(caller: AuthUser, currency: ForeignCurrency, dto: UpdateCurrencyRateDto): Promise<CurrencyRateWrittenDto> {
    const row = await this.rates.upsert({
      currency,
      phpPerUnit: dto.phpPerUnit,
      asOf: dto.asOf,
      source: dto.source?.trim() || CURRENCY_RATE_LIMITS.defaultSource,
      updatedBy: caller.id,
    });
    const current = !(await this.rates.hasLaterRate(currency, row.asOf));
    return { ...toCurrencyRateDto(row), current };
  }

  async history(currency: ForeignCurrency, query: CurrencyRateHistoryQueryDto): Promise<CurrencyRateHistoryDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.rates.page(currency, limit, skip);
    const editorIds = rows.flatMap((r) => (r.updatedBy ? [r.updatedBy] : []));
    // names are asked of UsersService: users is the users module's table
    const editors = new Map((await this.users.profilesByIds(editorIds)).map((p) => [p.id, p]));
    return {
      rates: rows.map((row) => {
        const editor = row.updatedBy ? editors.get(row.updatedBy) : undefined;
        return {
          ...toCurrencyRateDto(row),
          updatedBy: editor ? { id: editor.id, firstName: editor.firstName, lastName: editor.lastName } : null,
        };
      }),
      pagination: buildPagination(total, rows.length, limit, skip),
    };
  }
}
