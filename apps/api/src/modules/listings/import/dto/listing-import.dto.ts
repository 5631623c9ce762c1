import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../../../common/http/common.dto';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export class ImportRejectionDto {
  @ApiProperty({
    description: 'The row in the file: 1 is the array’s first element',
  })
  row!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The row’s code when it had one',
  })
  code!: string | null;
  @ApiProperty({
    example: 'price must not be less than 0',
    description: 'Why it was not imported (the validation messages, joined by "; ")',
  })
  reason!: string;
}

/** An import without its rejected rows (the list). */
export class ImportSummaryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'listings.json' }) fileName!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The admin who imported it (null once that account is removed)',
  })
  userId!: string | null;
  @ApiProperty({ enum: IMPORT_STATUSES })
  status!: (typeof IMPORT_STATUSES)[number];
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Rows in the file; known when the import is done',
  })
  totalRows!: number | null;
  @ApiProperty({
    description: 'Rows handled so far (created, updated, unchanged or rejected)',
  })
  rowsDone!: number;
  @ApiProperty({
    description: 'Percent of the file read, 0-100 (100 when done)',
  })
  progress!: number;
  @ApiProperty() created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty({
    description: 'Rows not imported (exact; the first 1,000 are listed in rejections)',
  })
  rejected!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the import stopped (status failed), e.g. where the file stops being JSON',
  })
  error!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) finishedAt!: string | null;
}

export class ImportDto extends ImportSummaryDto {
  @ApiProperty({
    type: [ImportRejectionDto],
    description: 'The rejected rows in file order, at most 1,000 (rejected is the exact count)',
  })
  rejections!: ImportRejectionDto[];
}

export class ImportAnswerDto {
  @ApiProperty({
    example: 'Imported 12 listings: 10 created, 2 updated, 0 unchanged, 1 rejected',
    description: 'For people (the web shows it): the report when the import finished in the call (200), else "Import started: …" (202)',
  })
  message!: string;
  @ApiProperty({ type: ImportDto }) import!: ImportDto;
}

export class ImportListDto {
  @ApiProperty({ type: [ImportSummaryDto] }) imports!: ImportSummaryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
