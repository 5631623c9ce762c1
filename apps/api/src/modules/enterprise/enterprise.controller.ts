import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { PoolAccountDto, PoolLedgerQueryDto } from '../credits/dto/credit-pool.dto';
import { AuthResponseDto } from '../users/dto/user-output.dto';
import type { RequestMeta } from '../users/users.service';
import {
  ActivateInviteDto,
  AddPoolCreditsDto,
  AddPoolCreditsResultDto,
  CreateEnterpriseDto,
  DashboardQueryDto,
  EnterpriseDashboardDto,
  EnterpriseDto,
  EnterpriseInviteDto,
  EnterpriseListDto,
  EnterpriseListQueryDto,
  EnterpriseMemberDto,
  InviteMemberDto,
  InvitePreviewDto,
  MyEnterpriseDto,
  RemoveSubAccountQueryDto,
  UpdateSubAccountDto,
} from './dto/enterprise.dto';
import { EnterpriseService } from './enterprise.service';

const meta = (req: Request): RequestMeta => ({
  ip: req.ip ?? 'unknown',
  userAgent: req.headers['user-agent'],
});
const uuid404 = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Enterprise accounts (spec: /enterprise/*): teams, invitations, sub-accounts, the credit pool and the team dashboard. */
@ApiTags('enterprise')
@ApiExtraModels(AuthResponseDto, MyEnterpriseDto)
@Controller('enterprise')
export class EnterpriseController {
  constructor(private readonly enterprise: EnterpriseService) {}

  @Post('create')
  @ApiCreatedResponse({
    type: EnterpriseDto,
    description: 'Staff for an Enterprise-plan member (ownerId), or the member for themself',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'The owner has no verified identity',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'The owner has no Enterprise plan, or is in a team already',
  })
  createEnterprise(@CurrentUser() caller: AuthUser, @Body() dto: CreateEnterpriseDto): Promise<EnterpriseDto> {
    return this.enterprise.create(caller, dto);
  }

  @Get('my-account')
  @ApiOkResponse({
    type: MyEnterpriseDto,
    description: 'The caller’s team, role and membership (nulls when in none)',
  })
  getMyEnterprise(@CurrentUser() caller: AuthUser): Promise<MyEnterpriseDto> {
    return this.enterprise.myAccount(caller);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/all')
  @ApiOkResponse({
    type: EnterpriseListDto,
    description: 'Teams, newest first',
  })
  getAllEnterprises(@CurrentUser() caller: AuthUser, @Query() query: EnterpriseListQueryDto): Promise<EnterpriseListDto> {
    return this.enterprise.list(caller, query);
  }

  @Post('invite')
  @ApiCreatedResponse({
    type: EnterpriseInviteDto,
    description: 'The invitation (its link is e-mailed; the token is never answered)',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'All seats are taken, or the address is in the team already',
  })
  inviteToEnterprise(@CurrentUser() caller: AuthUser, @Body() dto: InviteMemberDto): Promise<EnterpriseInviteDto> {
    return this.enterprise.invite(caller, dto);
  }

  @Delete('invite/:id')
  @ApiOkResponse({
    type: EnterpriseInviteDto,
    description: 'The revoked invitation',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  revokeEnterpriseInvite(@CurrentUser() caller: AuthUser, @Param('id', uuid404()) id: string): Promise<EnterpriseInviteDto> {
    return this.enterprise.revokeInvite(caller, id);
  }

  @Public()
  @Get('invite/:token')
  @ApiOkResponse({
    type: InvitePreviewDto,
    description: 'What the join page shows (the token is the secret)',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getEnterpriseInvite(@Param('token') token: string): Promise<InvitePreviewDto> {
    return this.enterprise.previewInvite(token);
  }

  @Public()
  @Post('activate/:token')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'Signed in: the team account the caller joined. Signed out: the new account’s session, as login answers it',
    schema: {
      oneOf: [{ $ref: getSchemaPath(MyEnterpriseDto) }, { $ref: getSchemaPath(AuthResponseDto) }],
    },
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Signed out without firstName, lastName and password',
  })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'Signed in with another e-mail than the invited one',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'In another team, or signed out while the account exists',
  })
  @ApiGoneResponse({
    type: ErrorResponseDto,
    description: 'Expired, used or revoked',
  })
  activateEnterpriseInvite(
    @CurrentUser() caller: AuthUser | undefined,
    @Param('token') token: string,
    @Body() dto: ActivateInviteDto,
    @Req() req: Request,
  ): Promise<MyEnterpriseDto | AuthResponseDto> {
    return this.enterprise.activate(caller, token, dto, meta(req));
  }

  @Roles('admin', 'super_admin')
  @Post('add-credits')
  @HttpCode(200)
  @ApiOkResponse({
    type: AddPoolCreditsResultDto,
    description: 'Credits added to the team’s pool (audited with the reason)',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  addEnterpriseCredits(@CurrentUser() caller: AuthUser, @Body() dto: AddPoolCreditsDto): Promise<AddPoolCreditsResultDto> {
    return this.enterprise.addCredits(caller, dto);
  }

  @Put('sub-account/update')
  @ApiOkResponse({ type: EnterpriseMemberDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  updateEnterpriseSubAccount(@CurrentUser() caller: AuthUser, @Body() dto: UpdateSubAccountDto): Promise<EnterpriseMemberDto> {
    return this.enterprise.updateSubAccount(caller, dto);
  }

  @Delete('sub-account/remove/:id')
  @ApiOkResponse({ description: 'Removed (or left), at once' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'They have team listings: reassignTo or archive=true is needed',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  removeEnterpriseSubAccount(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid404()) id: string,
    @Query() query: RemoveSubAccountQueryDto,
  ): Promise<{ message: string }> {
    return this.enterprise.removeSubAccount(caller, id, query);
  }

  @Get(':id/dashboard')
  @ApiOkResponse({
    type: EnterpriseDashboardDto,
    description: 'Per member and in total: listings, inquiries, first-response time, pool credits used',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getEnterpriseDashboard(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid404()) id: string,
    @Query() query: DashboardQueryDto,
  ): Promise<EnterpriseDashboardDto> {
    return this.enterprise.dashboard(caller, id, query);
  }

  @Get(':id/credits')
  @ApiOkResponse({
    type: PoolAccountDto,
    description: 'The pool’s ledger (a plain member sees only their own spending)',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getEnterpriseCredits(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid404()) id: string,
    @Query() query: PoolLedgerQueryDto,
  ): Promise<PoolAccountDto> {
    return this.enterprise.poolAccount(caller, id, query);
  }

  @Get(':id')
  @ApiOkResponse({
    type: EnterpriseDto,
    description: 'The team (staff, or its members; others 404)',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getEnterprise(@CurrentUser() caller: AuthUser, @Param('id', uuid404()) id: string): Promise<EnterpriseDto> {
    return this.enterprise.get(caller, id);
  }
}
