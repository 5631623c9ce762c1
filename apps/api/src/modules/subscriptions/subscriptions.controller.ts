import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto, MessageResponseDto } from '../../common/http/common.dto';
import {
  CancelSubscriptionDto,
  CreateSubscriptionDto,
  CurrentSubscriptionDto,
  HistoryQueryDto,
  SearchSubscriptionsDto,
  SubscriptionDetailDto,
  SubscriptionListDto,
  SubscriptionListQueryDto,
  UpdateSubscriptionDto,
} from './dto/subscription.dto';
import { SubscriptionsService } from './subscriptions.service';

const uuid = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Subscriptions (spec: /subscription/*; the upgrade with a payment is the payments module's). */
@ApiTags('subscription')
@Controller('subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('current')
  @ApiOkResponse({ type: CurrentSubscriptionDto, description: "The caller's plan, its period and what it includes" })
  getCurrentSubscription(@CurrentUser() caller: AuthUser): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.currentOf(caller.id);
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: CurrentSubscriptionDto, description: 'cancel true: back to Free at the period’s end (no refund); false: keep the plan' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No paid plan' })
  cancelSubscription(@CurrentUser() caller: AuthUser, @Body() dto: CancelSubscriptionDto): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.scheduleCancel(caller, dto.cancel);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/all')
  @ApiOkResponse({ type: SubscriptionListDto, description: 'Every subscription, newest first, with its member' })
  getAllSubscriptions(@Query() query: SubscriptionListQueryDto): Promise<SubscriptionListDto> {
    return this.subscriptions.list(query);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Post('search')
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionListDto })
  searchSubscriptions(@Body() body: SearchSubscriptionsDto): Promise<SubscriptionListDto> {
    return this.subscriptions.search(body);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/:id')
  @ApiOkResponse({ type: SubscriptionDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getSubscription(@Param('id', uuid()) id: string): Promise<SubscriptionDetailDto> {
    return this.subscriptions.get(id);
  }

  @Roles('admin', 'super_admin')
  @Post('create')
  @ApiOkResponse({ type: SubscriptionDetailDto, description: 'The member is on the plan now (the current plan ends as replaced); audited' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  createSubscription(@CurrentUser() caller: AuthUser, @Body() dto: CreateSubscriptionDto): Promise<SubscriptionDetailDto> {
    return this.subscriptions.create(caller, dto);
  }

  @Roles('admin', 'super_admin')
  @Put('update')
  @ApiOkResponse({ type: SubscriptionDetailDto, description: 'Suspended, reinstated, its end moved or its cancellation changed; audited' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  updateSubscription(@CurrentUser() caller: AuthUser, @Body() dto: UpdateSubscriptionDto): Promise<SubscriptionDetailDto> {
    return this.subscriptions.update(caller, dto);
  }

  @Roles('super_admin')
  @Delete('remove/:id')
  @ApiOkResponse({ type: MessageResponseDto, description: 'Removed (critical audit entry); a current one leaves the member on Free' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  removeSubscription(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string): Promise<{ message: string }> {
    return this.subscriptions.remove(caller, id);
  }
}

/** GET /user/subscription/history (spec): the caller's subscriptions, or a member's for staff. */
@ApiTags('subscription')
@Controller('user/subscription')
export class SubscriptionHistoryController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('history')
  @ApiOkResponse({ type: SubscriptionListDto, description: 'Newest first' })
  getSubscriptionHistory(@CurrentUser() caller: AuthUser, @Query() query: HistoryQueryDto): Promise<SubscriptionListDto> {
    return this.subscriptions.history(caller, query.userId, query);
  }
}
