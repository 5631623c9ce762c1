import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { CreditsService } from './credits.service';
import { AdjustCreditsDto, CreditBalanceListDto, CreditBalancesQueryDto, CreditsAccountDto, CreditsPageQueryDto } from './dto/credits.dto';

/** AI credits (spec: GET and update /user/ai/credits/{id}, GET /user/ai/credits/get/all). */
@ApiTags('ai-credits')
@Controller('user/ai/credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/all')
  @ApiOkResponse({ type: CreditBalanceListDto, description: 'Members and their balances, the largest first' })
  getAllCredits(@Query() query: CreditBalancesQueryDto): Promise<CreditBalanceListDto> {
    return this.credits.balances(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: CreditsAccountDto, description: "A member's balance and ledger (the member themselves, or staff)" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getCredits(
    @CurrentUser() caller: AuthUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Query() query: CreditsPageQueryDto,
  ): Promise<CreditsAccountDto> {
    return this.credits.account(caller, id, query);
  }

  @Roles('admin', 'super_admin')
  @Put(':id')
  @ApiOkResponse({ type: CreditsAccountDto, description: 'The balance after the adjustment (audited with its reason)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Neither or both of change and remaining, no reason, or below zero' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  updateCredits(
    @CurrentUser() caller: AuthUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() dto: AdjustCreditsDto,
  ): Promise<CreditsAccountDto> {
    return this.credits.adjust(caller, id, dto);
  }
}
