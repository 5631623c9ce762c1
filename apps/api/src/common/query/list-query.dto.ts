import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** The spec's list query parameters; any other query parameter is refused by the validation pipe. */
export class ListQueryDto {
  @ApiPropertyOptional({ description: "Fields to return, e.g. 'firstName lastName' or '-email'" })
  @IsOptional()
  @IsString()
  select?: string;

  @ApiPropertyOptional({ description: 'Relations to populate: a comma list or a JSON array of {path, select}' })
  @IsOptional()
  @IsString()
  populateArray?: string;

  @ApiPropertyOptional({ description: "Sort, e.g. '-createdAt' (newest first) or 'lastName'" })
  @IsOptional()
  @IsString()
  sort?: string;

  @ApiPropertyOptional({ description: 'Items per page (capped)', example: '10' })
  @IsOptional()
  @IsString()
  limit?: string;

  @ApiPropertyOptional({ description: 'Page number, from 1', example: '1' })
  @IsOptional()
  @IsString()
  page?: string;

  @ApiPropertyOptional({ description: 'Items to skip; overrides page' })
  @IsOptional()
  @IsString()
  skip?: string;

  @ApiPropertyOptional({ description: 'Accepted for compatibility; answers are always plain JSON' })
  @IsOptional()
  @IsString()
  lean?: string;
}
