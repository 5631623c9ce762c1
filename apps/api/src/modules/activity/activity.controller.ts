import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto, MessageResponseDto } from '../../common/http/common.dto';
import { PageQueryDto } from '../../common/http/page-query.dto';
import { ActivityDto, ActivityListDto, ActivitySearchDto, ClearedActivityDto, CreateActivityDto, UpdateActivityDto } from './dto/activity.dto';
import { ACTIVITY_NOT_FOUND, ActivityService } from './activity.service';

const activityId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(ACTIVITY_NOT_FOUND) });

/** Recent activity: a member's own (and staff read everyone's). */
@ApiTags('activity')
@Controller('activity')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/all')
  @ApiOkResponse({ type: ActivityListDto, description: 'Every member’s activity, newest first' })
  getAllActivity(@CurrentUser() caller: AuthUser, @Query() query: PageQueryDto): Promise<ActivityListDto> {
    return this.activity.all(caller, query);
  }

  @Get('user')
  @ApiOkResponse({ type: ActivityListDto, description: 'The caller’s activity, newest first' })
  getMyActivity(@CurrentUser() caller: AuthUser, @Query() query: PageQueryDto): Promise<ActivityListDto> {
    return this.activity.mine(caller, query);
  }

  @Delete('user')
  @ApiOkResponse({ type: ClearedActivityDto, description: 'Clears the caller’s whole history' })
  clearMyActivity(@CurrentUser() caller: AuthUser): Promise<ClearedActivityDto> {
    return this.activity.clear(caller);
  }

  @Get('get/:id')
  @ApiOkResponse({ type: ActivityDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown, or another member’s (for a member)' })
  getActivity(@CurrentUser() caller: AuthUser, @Param('id', activityId()) id: string): Promise<ActivityDto> {
    return this.activity.get(caller, id);
  }

  @Post('search')
  @HttpCode(200)
  @ApiOkResponse({ type: ActivityListDto, description: 'The caller’s activity (staff: anyone’s) by kind, words and time' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  searchActivity(@CurrentUser() caller: AuthUser, @Body() body: ActivitySearchDto): Promise<ActivityListDto> {
    return this.activity.search(caller, body);
  }

  @Post('create')
  @ApiCreatedResponse({ type: ActivityDto, description: 'Records a share of a listing the caller can see' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A kind the web app may not record, or a bad channel' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such listing, or one the caller cannot see' })
  createActivity(@CurrentUser() caller: AuthUser, @Body() dto: CreateActivityDto): Promise<ActivityDto> {
    return this.activity.create(caller, dto);
  }

  @Put('update')
  @ApiOkResponse({ type: ActivityDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not the caller’s, or recorded by the platform' })
  updateActivity(@CurrentUser() caller: AuthUser, @Body() dto: UpdateActivityDto): Promise<ActivityDto> {
    return this.activity.update(caller, dto);
  }

  @Delete('remove/:id')
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Staff may read but not remove a member’s activity' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  removeActivity(@CurrentUser() caller: AuthUser, @Param('id', activityId()) id: string): Promise<{ message: string }> {
    return this.activity.remove(caller, id);
  }
}
