import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { JOB_DASHBOARD_COOKIE, JOB_DASHBOARD_PATH, JobDashboardService } from './job-dashboard.service';

export class JobDashboardSessionDto {
  @ApiProperty({ example: `${JOB_DASHBOARD_PATH}/`, description: 'Open this page (a new tab) while the cookie lasts' })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'When the cookie ends (15 minutes); ask again for a new one' })
  expiresAt!: string;
}

@ApiTags('admin')
@Controller('admin/queues')
export class JobDashboardController {
  constructor(private readonly dashboard: JobDashboardService) {}

  @Post('session')
  @HttpCode(200)
  @Roles('super_admin')
  @ApiOkResponse({
    type: JobDashboardSessionDto,
    description:
      'Sets the job dashboard cookie (httpOnly, SameSite=Strict, Path=/api/admin/queues, 15 minutes, bound to this session); then open `url` in the browser. Logging out ends it at once.',
  })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto })
  openJobDashboard(@CurrentUser() caller: AuthUser, @Res({ passthrough: true }) res: Response): JobDashboardSessionDto {
    const { value, expiresAt } = this.dashboard.issue(caller);
    res.cookie(JOB_DASHBOARD_COOKIE, value, this.dashboard.cookieOptions());
    return { url: `${JOB_DASHBOARD_PATH}/`, expiresAt: expiresAt.toISOString() };
  }
}
