import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import {
  BrokerQueryDto,
  CreateLicenceDto,
  LicenceDto,
  LicenceListDto,
  LicenceQueryDto,
  LicensedBrokerListDto,
  MyLicencesDto,
  ReviewLicenceDto,
  SuperviseLicenceDto,
  UpdateLicenceDto,
} from './dto/licence.dto';
import { LicencesService } from './licences.service';

const uuid = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** PRC licences and salesperson accreditations (RESA, RA 9646): members enter theirs, brokers confirm their salespersons, admins review. */
@ApiTags('licences')
@Controller('licence')
export class LicencesController {
  constructor(private readonly licences: LicencesService) {}

  @Get('my')
  @ApiOkResponse({ type: MyLicencesDto, description: 'My current licence, the earlier ones, and the salespersons naming me as their broker' })
  getMyLicences(@CurrentUser() caller: AuthUser): Promise<MyLicencesDto> {
    return this.licences.my(caller);
  }

  @Post('create')
  @ApiCreatedResponse({ type: LicenceDto, description: 'Submitted for review (a salesperson: waiting for their broker to confirm)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "A kind not of the member's type, a number that is not up to 7 digits, a past validity, a broker without an approved licence" })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A licence is on file already' })
  createLicence(@CurrentUser() caller: AuthUser, @Body() dto: CreateLicenceDto): Promise<LicenceDto> {
    return this.licences.create(caller, dto);
  }

  @Put('update/status/:id')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: LicenceDto, description: 'Approved, rejected or revoked (audited; the member is notified)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Rejecting or revoking without a reason code, or "other" without a note' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not an admin, or their own licence' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not in a status for this decision, the number approved for another member, validity passed, broker no longer licensed' })
  updateLicenceStatus(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string, @Body() dto: ReviewLicenceDto): Promise<LicenceDto> {
    return this.licences.review(caller, id, dto);
  }

  @Put('update/:id')
  @ApiOkResponse({ type: LicenceDto, description: 'Back to review with the new details (the badge is off until approved again)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not my licence' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No longer current (rejected, expired, revoked, withdrawn)' })
  updateLicence(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string, @Body() dto: UpdateLicenceDto): Promise<LicenceDto> {
    return this.licences.update(caller, id, dto);
  }

  @Post('withdraw/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: LicenceDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not my licence' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No longer current' })
  withdrawLicence(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string): Promise<LicenceDto> {
    return this.licences.withdraw(caller, id);
  }

  @Post('supervise/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: LicenceDto, description: 'Confirmed (to the reviewers) or declined (the salesperson names another broker)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not a licence naming me as its broker' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Answered already, or my own broker licence is not approved' })
  superviseLicence(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string, @Body() dto: SuperviseLicenceDto): Promise<LicenceDto> {
    return this.licences.supervise(caller, id, dto);
  }

  @Get('brokers')
  @ApiOkResponse({ type: LicensedBrokerListDto, description: 'Brokers with an approved licence matching the name, e-mail or number (at most 20)' })
  getLicensedBrokers(@CurrentUser() caller: AuthUser, @Query() query: BrokerQueryDto): Promise<LicensedBrokerListDto> {
    return this.licences.brokers(caller, query);
  }

  @Get('get/all')
  @Roles('viewer', 'admin', 'super_admin')
  @ApiOkResponse({ type: LicenceListDto, description: 'Licences for staff, the oldest submission first (status=submitted: the review queue)' })
  getAllLicences(@Query() query: LicenceQueryDto): Promise<LicenceListDto> {
    return this.licences.list(query);
  }

  @Get('get/:id')
  @ApiOkResponse({ type: LicenceDto, description: 'The holder, their named broker, or staff (who also get the account and its KYC summary)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getLicenceById(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string): Promise<LicenceDto> {
    return this.licences.get(caller, id);
  }
}
