import { Module } from '@nestjs/common';
import { JobDashboardController } from './job-dashboard.controller';
import { JobDashboardService } from './job-dashboard.service';

/** The job dashboard's session route and credential check; the bull-board page is mounted by `mountJobDashboard`. */
@Module({
  controllers: [JobDashboardController],
  providers: [JobDashboardService],
  exports: [JobDashboardService],
})
export class JobDashboardModule {}
