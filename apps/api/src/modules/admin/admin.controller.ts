import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/decorators';
import { AdminService } from './admin.service';
import { AdminDashboardDto, DashboardInputDto, UserPageDto, UserPageInputDto } from './dto/admin.dto';

/** The spec's `/user/page` and `/user/dashboard`, as the admin console's user page and dashboard (staff; read-only). */
@ApiTags('user')
@Controller()
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Roles('viewer', 'admin', 'super_admin')
  @Post('user/page')
  @HttpCode(200)
  @ApiOkResponse({ type: UserPageDto })
  getUserPage(@Body() dto: UserPageInputDto): Promise<UserPageDto> {
    return this.admin.userPage(dto.id, dto.page ?? 1);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Post('user/dashboard')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminDashboardDto })
  getAdminDashboard(@Body() dto: DashboardInputDto): Promise<AdminDashboardDto> {
    return this.admin.dashboard(dto);
  }
}
