import { Body, Controller, Get, Header, Param, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { FOREIGN_CURRENCIES, type ForeignCurrency } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import {
  CurrencyRateHistoryDto,
  CurrencyRateHistoryQueryDto,
  CurrencyRatesDto,
  CurrencyRateWrittenDto,
  UpdateCurrencyRateDto,
} from './dto/currency-rate.dto';
import { ForeignCurrencyPipe } from './currency-rate-validation';
import { CurrencyRatesService } from './currency-rates.service';

/**
 * A browser or proxy keeps the rates but asks again each time (a 304 when they did not change): a
 * rate staff just saved shows at once, on their screen and on the next page a visitor opens. The web
 * app itself keeps the answer for 5 minutes in its query cache.
 */
export const CURRENCY_RATES_CACHE_CONTROL = 'public, no-cache';

const currencyParam = () =>
  ApiParam({ name: 'currency', enum: FOREIGN_CURRENCIES, description: 'A foreign currency (PHP is the base: its rate is always 1)' });

/** Rates from the peso to the spec's other currencies, kept by staff; prices are shown converted with PHP beside them. */
@ApiTags('currency')
@Controller('currency')
export class CurrencyRatesController {
  constructor(private readonly rates: CurrencyRatesService) {}

  @Public()
  @Get('rates')
  @Header('Cache-Control', CURRENCY_RATES_CACHE_CONTROL)
  @ApiOkResponse({ type: CurrencyRatesDto, description: 'The current rate of each foreign currency (revalidated on every request)' })
  getCurrencyRates(): Promise<CurrencyRatesDto> {
    return this.rates.current();
  }

  @Roles('admin', 'super_admin')
  @Put('rates/:currency')
  @currencyParam()
  @ApiOkResponse({ type: CurrencyRateWrittenDto, description: 'The rate as written, and whether it is now the current rate' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Unknown currency or PHP, or a bad phpPerUnit, asOf or source' })
  updateCurrencyRate(
    @CurrentUser() caller: AuthUser,
    @Param('currency', ForeignCurrencyPipe) currency: ForeignCurrency,
    @Body() dto: UpdateCurrencyRateDto,
  ): Promise<CurrencyRateWrittenDto> {
    return this.rates.update(caller, currency, dto);
  }

  @Roles('admin', 'super_admin')
  @Get('rates/:currency/history')
  @currencyParam()
  @ApiOkResponse({ type: CurrencyRateHistoryDto, description: "The currency's rates, newest asOf first, with who wrote them" })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Unknown currency or PHP, or a bad page or limit' })
  getCurrencyRateHistory(
    @Param('currency', ForeignCurrencyPipe) currency: ForeignCurrency,
    @Query() query: CurrencyRateHistoryQueryDto,
  ): Promise<CurrencyRateHistoryDto> {
    return this.rates.history(currency, query);
  }
}
