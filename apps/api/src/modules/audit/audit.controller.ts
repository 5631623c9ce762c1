import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto, MessageResponseDto } from '../../common/http/common.dto';
import { PageQueryDto } from '../../common/http/page-query.dto';
import { AuditEntryDto, AuditFacetsDto, AuditFilterDto, AuditListDto, AuditSearchDto } from './dto/audit.dto';
import { AUDIT_NOT_FOUND, AuditService } from './audit.service';

const auditId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(AUDIT_NOT_FOUND) });

/** The audit log (staff read it; members never). */
@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/all')
  @ApiOkResponse({ type: AuditListDto, description: 'Entries, newest first' })
  getAuditEntries(@Query() query: PageQueryDto): Promise<AuditListDto> {
    return this.audit.list(query);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/:id')
  @ApiOkResponse({ type: AuditEntryDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getAuditEntry(@Param('id', auditId()) id: string): Promise<AuditEntryDto> {
    return this.audit.get(id);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Post('search')
  @HttpCode(200)
  @ApiOkResponse({ type: AuditListDto, description: 'Entries matching the query (text, types, severities, actor, entity, time range), newest first unless sort says timestamp' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  searchAudit(@Body() body: AuditSearchDto): Promise<AuditListDto> {
    return this.audit.search(body);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Post('filter')
  @HttpCode(200)
  @ApiOkResponse({ type: AuditFacetsDto, description: 'How many entries the query matches per type, severity and day' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  filterAudit(@Body() body: AuditFilterDto): Promise<AuditFacetsDto> {
    return this.audit.facets(body);
  }

  @Roles('super_admin')
  @Delete('remove/:id')
  @ApiOkResponse({ type: MessageResponseDto, description: 'Removed; the removal is itself audited as critical' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  removeAuditEntry(@CurrentUser() caller: AuthUser, @Param('id', auditId()) id: string): Promise<{ message: string }> {
    return this.audit.remove(caller, id);
  }
}
