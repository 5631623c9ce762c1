import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { SOCIAL_PROVIDERS } from '@app/domain';

export class AuthProvidersDto {
  @ApiProperty({ enum: SOCIAL_PROVIDERS, isArray: true }) providers!: string[];
}

export class ExchangeCodeDto {
  @ApiProperty({ description: 'The single-use code the social sign-in callback put in /auth/callback#code=' })
  @IsString()
  @Length(16, 200)
  code!: string;
}

export class ConnectUrlDto {
  @ApiProperty({ description: "Where the browser goes next (the provider's consent page)" }) url!: string;
}
