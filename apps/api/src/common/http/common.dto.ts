import { ApiProperty } from '@nestjs/swagger';

export class PaginationDto {
  @ApiProperty() currentPage!: number;
  @ApiProperty() itemsOnPage!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() itemsPerPage!: number;
}

export class MessageResponseDto {
  @ApiProperty({ example: 'Done' }) message!: string;
}

export class ErrorResponseDto {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }) message!: string | string[];
  @ApiProperty({ example: 'Bad Request' }) error!: string;
}
