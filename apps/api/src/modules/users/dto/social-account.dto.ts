import { ApiProperty } from '@nestjs/swagger';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@app/domain';

export class IdentityDto {
  @ApiProperty({ enum: SOCIAL_PROVIDERS }) provider!: SocialProvider;
  @ApiProperty({ type: String, nullable: true, description: 'The e-mail address the provider gave' }) email!: string | null;
  @ApiProperty({ format: 'date-time' }) connectedAt!: string;
}

export class IdentitiesDto {
  @ApiProperty({ description: 'Whether the member can also log in with a password' }) hasPassword!: boolean;
  @ApiProperty({ type: [IdentityDto] }) identities!: IdentityDto[];
}
