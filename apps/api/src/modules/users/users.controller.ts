import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query, Req, UploadedFiles } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { UPLOAD_LIMITS } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import { MessageResponseDto } from '../../common/http/common.dto';
import { ListQueryDto } from '../../common/query/list-query.dto';
import { UploadRoute } from '../../common/upload/upload.interceptor';
import { AvatarService } from './avatar.service';
import {
  CreateAdminDto,
  CreateUserDto,
  EmailRequestDto,
  LoginDto,
  ResetPasswordDto,
  SearchUsersDto,
  UpdatePasswordDto,
  UpdateUserDto,
  UpdateVisibilityDto,
  VerifyEmailDto,
} from './dto/user-input.dto';
import { AuthResponseDto, UserDto, UserListDto, UserViewDto } from './dto/user-output.dto';
import { UsersService, type RequestMeta } from './users.service';

const meta = (req: Request): RequestMeta => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });

@ApiTags('user')
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly avatars: AvatarService,
  ) {}

  @Public()
  @Post('user/create')
  @ApiCreatedResponse({ type: AuthResponseDto })
  @ApiConflictResponse({ description: 'An account with this e-mail already exists' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-ups from this address (see Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'The server is busy hashing passwords; try again in a moment (Retry-After)' })
  createUser(@Body() dto: CreateUserDto, @Req() req: Request): Promise<AuthResponseDto> {
    return this.users.signUp(dto, meta(req));
  }

  @Public()
  @Post('user/login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiTooManyRequestsResponse({
    description: 'Too many failed tries for this account from this address, from this address, or for this account (a growing delay); see Retry-After',
  })
  @ApiServiceUnavailableResponse({ description: 'The server is busy hashing passwords; try again in a moment (Retry-After)' })
  loginUser(@Body() dto: LoginDto, @Req() req: Request): Promise<AuthResponseDto> {
    return this.users.login(dto, meta(req));
  }

  @Get('user/logout')
  @ApiOkResponse({ type: MessageResponseDto })
  logoutUser(@CurrentUser() caller: AuthUser): Promise<{ message: string }> {
    return this.users.logout(caller);
  }

  @Get('current/user')
  @ApiOkResponse({ type: UserDto })
  getCurrentUser(@CurrentUser() caller: AuthUser): Promise<UserDto> {
    return this.users.getCurrent(caller);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('user/get/all')
  @ApiOkResponse({ type: UserListDto })
  getAllUsers(@Query() query: ListQueryDto): Promise<UserListDto> {
    return this.users.list(query);
  }

  @Get('user/get/:id')
  @ApiOkResponse({ type: UserViewDto })
  getUserById(
    @CurrentUser() caller: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('User not found') })) id: string,
    @Query() query: ListQueryDto,
  ): Promise<UserViewDto> {
    return this.users.getById(caller, id, query);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Post('user/search')
  @HttpCode(200)
  @ApiOkResponse({ type: UserListDto })
  searchUsers(@Body() body: SearchUsersDto): Promise<UserListDto> {
    return this.users.search(body);
  }

  @Put('user/update')
  @ApiOkResponse({ type: UserDto })
  updateUser(@CurrentUser() caller: AuthUser, @Body() dto: UpdateUserDto): Promise<UserDto> {
    return this.users.update(caller, dto);
  }

  @Roles('admin', 'super_admin')
  @Delete('user/remove/:id')
  @ApiOkResponse({ type: MessageResponseDto })
  removeUser(@CurrentUser() caller: AuthUser, @Param('id', ParseUUIDPipe) id: string): Promise<{ message: string }> {
    return this.users.remove(caller, id);
  }

  @Roles('super_admin')
  @Post('user/admin/create')
  @ApiCreatedResponse({ type: UserDto })
  createAdminUser(@CurrentUser() caller: AuthUser, @Body() dto: CreateAdminDto): Promise<UserDto> {
    return this.users.createAdmin(caller, dto);
  }

  @Post('user/update/visibility')
  @HttpCode(200)
  @ApiOkResponse({ type: UserDto })
  updateUserVisibility(@CurrentUser() caller: AuthUser, @Body() dto: UpdateVisibilityDto): Promise<UserDto> {
    return this.users.updateVisibility(caller, dto);
  }

  @Post('user/update/password')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  updateUserPassword(@CurrentUser() caller: AuthUser, @Body() dto: UpdatePasswordDto): Promise<{ message: string }> {
    return this.users.updatePassword(caller, dto);
  }

  @Public()
  @Post('user/request/reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  requestPasswordReset(@Body() dto: EmailRequestDto, @Req() req: Request): Promise<{ message: string }> {
    return this.users.requestPasswordReset(dto.email, meta(req));
  }

  @Public()
  @Post('user/reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many password reset tries from this address (see Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'The server is busy hashing passwords; try again in a moment (Retry-After)' })
  resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request): Promise<{ message: string }> {
    return this.users.resetPassword(dto.token, dto.newPassword, meta(req));
  }

  @Public()
  @Post('user/request/verify-email')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  requestEmailVerification(@Body() dto: EmailRequestDto, @Req() req: Request): Promise<{ message: string }> {
    return this.users.requestEmailVerification(dto.email, meta(req));
  }

  @Public()
  @Post('user/verify-email')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<{ message: string }> {
    return this.users.verifyEmail(dto.token);
  }

  @Post('user/upload/avatar')
  @HttpCode(200)
  @UploadRoute({ field: 'image', maxFiles: 1, maxBytes: UPLOAD_LIMITS.avatarMaxBytes })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } },
  })
  @ApiOkResponse({ type: UserDto })
  uploadUserAvatar(@CurrentUser() caller: AuthUser, @UploadedFiles() files: Express.Multer.File[]): Promise<UserDto> {
    return this.avatars.upload(caller.id, files);
  }
}
