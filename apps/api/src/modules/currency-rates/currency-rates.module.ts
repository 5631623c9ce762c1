import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CurrencyRatesController } from './currency-rates.controller';
import { CurrencyRatesRepository } from './currency-rates.repository';
import { CurrencyRatesService } from './currency-rates.service';

/** Staff-kept rates from the peso to the spec's other currencies (table currency_rates); editors' names come from UsersService. */
@Module({
  imports: [UsersModule],
  controllers: [CurrencyRatesController],
  providers: [CurrencyRatesService, CurrencyRatesRepository],
})
export class CurrencyRatesModule {}
