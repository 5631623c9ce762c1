import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BASE_CURRENCY, CURRENCY_RATE_LIMITS, FOREIGN_CURRENCIES, type ForeignCurrency } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { AsOfDate, PhpPerUnit, RateSource } from '../currency-rate-validation';

const L = CURRENCY_RATE_LIMITS;

/** A currency's rate to the peso on one date. */
export class CurrencyRateDto {
  @ApiProperty({ enum: FOREIGN_CURRENCIES, example: 'USD' }) currency!: ForeignCurrency;
  @ApiProperty({ example: 58.9, description: 'Pesos for one unit of the currency (at most 6 decimals)' }) phpPerUnit!: number;
  @ApiProperty({ example: '2026-11-20', format: 'date', description: 'The date the rate is of (YYYY-MM-DD)' }) asOf!: string;
  @ApiProperty({ example: 'BSP reference rate', description: 'Where the rate came from' }) source!: string;
  @ApiProperty({ format: 'date-time', description: 'When the rate was last written' }) updatedAt!: string;
}

/** The current rate of every foreign currency; prices are stored in pesos. */
export class CurrencyRatesDto {
  @ApiProperty({ enum: [BASE_CURRENCY], example: BASE_CURRENCY, description: 'Prices are in this currency; its rate is always 1' })
  base!: typeof BASE_CURRENCY;

  @ApiProperty({
    type: [CurrencyRateDto],
    description: `The current rate (latest asOf) of each foreign currency, in the order ${FOREIGN_CURRENCIES.join(', ')}`,
  })
  rates!: CurrencyRateDto[];
}

export class UpdateCurrencyRateDto {
  @ApiProperty({
    example: 58.9,
    exclusiveMinimum: true,
    minimum: 0,
    maximum: L.maxPhpPerUnit,
    description: `Pesos for one unit of the currency: above 0, at most ${L.maxPhpPerUnit.toLocaleString('en-US')}, at most ${L.phpPerUnitDecimals} decimals`,
  })
  @PhpPerUnit()
  phpPerUnit!: number;

  @ApiProperty({
    example: '2026-11-20',
    format: 'date',
    description: `The date the rate is of (YYYY-MM-DD): from ${L.earliestAsOf} to today in ${L.timeZone}`,
  })
  @AsOfDate()
  asOf!: string;

  @ApiPropertyOptional({ maxLength: L.sourceMaxLength, default: L.defaultSource, description: 'Where the rate came from' })
  @RateSource()
  source?: string;
}

/** The rate a PUT wrote. */
export class CurrencyRateWrittenDto extends CurrencyRateDto {
  @ApiProperty({ description: 'Whether this is now the current rate (false when a rate of a later asOf exists)' }) current!: boolean;
}

/** The staff member who last wrote a rate. */
export class CurrencyRateEditorDto {
  @ApiProperty() id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
}

export class CurrencyRateHistoryItemDto extends CurrencyRateDto {
  @ApiProperty({
    type: CurrencyRateEditorDto,
    nullable: true,
    description: 'Who last wrote the rate; null for the shipped starting rates and for a removed account',
  })
  updatedBy!: CurrencyRateEditorDto | null;
}

export class CurrencyRateHistoryDto {
  @ApiProperty({ type: [CurrencyRateHistoryItemDto], description: 'Newest asOf first' }) rates!: CurrencyRateHistoryItemDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class CurrencyRateHistoryQueryDto extends PageQueryDto {}
