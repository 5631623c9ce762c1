import { Module } from '@nestjs/common';
import { MarketAdminModule } from './admin/market-admin.module';
import { MarketFiguresModule } from './listing-figures/market-figures.module';
import { MarketReportsModule } from './reports/market-reports.module';

/** Market reports per barangay (issue 16; docs/architecture.md, "Market reports"). */
@Module({
  imports: [MarketFiguresModule, MarketAdminModule, MarketReportsModule],
  exports: [MarketFiguresModule, MarketAdminModule, MarketReportsModule],
})
export class MarketModule {}
