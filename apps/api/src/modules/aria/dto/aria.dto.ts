import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  ARIA_COMPARE_MAX,
  ARIA_COMPARE_MIN,
  ARIA_HISTORY_KINDS,
  ARIA_MESSAGE_MAX_LENGTH,
  ARIA_RUN_KINDS,
  ARIA_RUN_STATUSES,
  ARIA_TITLE_MAX_LENGTH,
  ARIA_TOOL_NAMES,
  LISTING_KINDS,
  PLAN_IDS,
  type AriaHistoryKind,
  type AriaRunKind,
  type AriaRunStatus,
  type AriaToolName,
} from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { DecimalNumber } from '../../../common/http/decimal-number';
import { PageBodyDto, PageQueryDto } from '../../../common/http/page-query.dto';
import { WholeNumber } from '../../../common/http/whole-number';

/** Pesos: up to ₱100 billion (a price, a rent, dues). */
const MAX_PESOS = 100_000_000_000;
const LENDERS = ['pagibig', 'bank'] as const;
const USES = ['rent', 'own'] as const;

// ---------------------------------------------------------------------------------------------
// What ARIA shows: listing cards, tool traces, citations, messages.
// ---------------------------------------------------------------------------------------------

/** The model answering (`LlmProvider` id and label). */
export class AriaProviderDto {
  @ApiProperty({ example: 'builtin', description: '"builtin" or "openai-compatible:<model>"' }) id!: string;
  @ApiProperty({ example: 'ARIA built-in assistant' }) label!: string;
}

/** A listing as ARIA shows it (AriaListingCard). */
export class AriaListingCardDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['sale', 'rent'] }) offer!: 'sale' | 'rent';
  @ApiProperty({ type: String, nullable: true }) kind!: string | null;
  @ApiProperty() type!: string;
  @ApiProperty({ description: 'Pesos (a monthly rent for offer rent)' }) price!: number;
  @ApiProperty({ example: 'PHP' }) currency!: string;
  @ApiProperty({ type: Number, nullable: true }) floorArea!: number | null;
  @ApiProperty({ type: Number, nullable: true }) lotArea!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bedrooms!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bathrooms!: number | null;
  @ApiProperty({ type: Number, nullable: true }) pricePerSqm!: number | null;
  @ApiProperty({ type: String, nullable: true }) barangayCode!: string | null;
  @ApiProperty() barangayName!: string;
  @ApiProperty() cityName!: string;
  @ApiProperty({ type: String, nullable: true }) imageUrl!: string | null;
  @ApiProperty() verified!: boolean;
  @ApiProperty({ example: '/listings/0b7c…', description: 'The web path of the listing' }) url!: string;
  @ApiPropertyOptional({ description: 'Cosine similarity to the question, when ranked by meaning' }) score?: number;
}

export class AriaChartPointDto {
  @ApiProperty() label!: string;
  @ApiProperty() value!: number;
}

/** A small series for a chart (a price history, an amortisation). */
export class AriaChartDto {
  @ApiProperty() title!: string;
  @ApiProperty({ example: '₱/m²' }) unit!: string;
  @ApiProperty({ type: [AriaChartPointDto] }) points!: AriaChartPointDto[];
}

/** A tool call of an answer: its arguments and the compact result shown (AriaToolTrace). */
export class AriaToolTraceDto {
  @ApiProperty({ enum: ARIA_TOOL_NAMES }) name!: AriaToolName;
  @ApiProperty({ type: 'object', additionalProperties: true }) arguments!: Record<string, unknown>;
  @ApiPropertyOptional({ type: [AriaListingCardDto] }) cards?: AriaListingCardDto[];
  @ApiPropertyOptional({ type: AriaChartDto }) chart?: AriaChartDto;
  @ApiProperty({ example: '12 listings match; 6 shown' }) summary!: string;
  @ApiPropertyOptional({ description: 'Why the tool could not answer' }) error?: string;
}

/** Something an answer used, shown as a link (AriaCitation). */
export class AriaCitationDto {
  @ApiProperty({ enum: ['listing', 'report', 'formula'] }) kind!: 'listing' | 'report' | 'formula';
  @ApiProperty() label!: string;
  @ApiProperty({ type: String, nullable: true, description: 'A web path (/listings/{id}, /market/{area}/{group})' }) url!: string | null;
  @ApiPropertyOptional({ example: 'Tahanan listings, 2026-11' }) source?: string;
}

/** A question or an answer of a conversation. */
export class AriaMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['user', 'assistant'] }) role!: 'user' | 'assistant';
  @ApiProperty() content!: string;
  @ApiProperty({ type: [AriaToolTraceDto] }) toolCalls!: AriaToolTraceDto[];
  @ApiProperty({ type: [AriaCitationDto] }) citations!: AriaCitationDto[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

// ---------------------------------------------------------------------------------------------
// Chat
// ---------------------------------------------------------------------------------------------

/** A question to ARIA: a new conversation, or `conversationId` to continue one. */
export class AriaChatDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Continue this conversation (yours); a new chat when left out' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId must be the id (a UUID) of one of your ARIA conversations' })
  conversationId?: string;

  @ApiProperty({ minLength: 1, maxLength: ARIA_MESSAGE_MAX_LENGTH, example: '3-bedroom condo for rent in Cebu IT Park under ₱60k' })
  @IsString({ message: 'message must be text' })
  @Matches(/\S/, { message: 'message must not be empty: ask ARIA something' })
  @MaxLength(ARIA_MESSAGE_MAX_LENGTH, { message: `message must be at most ${ARIA_MESSAGE_MAX_LENGTH} characters` })
  message!: string;
}

/** The answer of POST /ai/chat. */
export class AriaReplyDto {
  @ApiProperty({ format: 'uuid' }) conversationId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: AriaProviderDto }) provider!: AriaProviderDto;
  @ApiProperty({ type: AriaMessageDto }) question!: AriaMessageDto;
  @ApiProperty({ type: AriaMessageDto }) answer!: AriaMessageDto;
  @ApiProperty({ type: Number, nullable: true, description: 'Free plan: questions left today (Asia/Manila day); null: unlimited' })
  remainingToday!: number | null;
}

export class AriaRunCreditsDto {
  @ApiProperty({ description: 'AI credits a feasibility run costs' }) feasibility!: number;
  @ApiProperty({ description: 'AI credits a comparison costs' }) compare!: number;
}

/** GET /ai/chat/usage: the member's plan, today's messages and the limits, the model, the run prices and the balance. */
export class AriaUsageDto {
  @ApiProperty({ enum: PLAN_IDS }) plan!: string;
  @ApiProperty({ description: 'Questions asked today (Asia/Manila day)' }) messagesToday!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) limitPerDay!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) remainingToday!: number | null;
  @ApiProperty({ type: AriaProviderDto }) provider!: AriaProviderDto;
  @ApiProperty({ description: 'Whether the built-in assistant answers (no language model)' }) builtin!: boolean;
  @ApiProperty({ type: AriaRunCreditsDto }) runCredits!: AriaRunCreditsDto;
  @ApiProperty({ description: "The member's AI credit balance" }) creditBalance!: number;
}

/** One event of POST /ai/chat/stream (AriaStreamEvent), documented for clients: each is one `data:` line of JSON. */
export class AriaStreamEventDto {
  @ApiProperty({ enum: ['conversation', 'tool_call', 'tool_result', 'text', 'done', 'error'] })
  type!: 'conversation' | 'tool_call' | 'tool_result' | 'text' | 'done' | 'error';
  @ApiPropertyOptional({ format: 'uuid', description: 'conversation' }) conversationId?: string;
  @ApiPropertyOptional({ description: 'conversation' }) title?: string;
  @ApiPropertyOptional({ description: 'conversation: the provider id' }) provider?: string;
  @ApiPropertyOptional({ enum: ARIA_TOOL_NAMES, description: 'tool_call' }) name?: AriaToolName;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'tool_call' }) arguments?: Record<string, unknown>;
  @ApiPropertyOptional({ type: AriaToolTraceDto, description: 'tool_result' }) trace?: AriaToolTraceDto;
  @ApiPropertyOptional({ description: 'text' }) delta?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'done: the stored answer' }) messageId?: string;
  @ApiPropertyOptional({ type: [AriaCitationDto], description: 'done' }) citations?: AriaCitationDto[];
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'done' }) remainingToday?: number | null;
  @ApiPropertyOptional({ description: 'error: the HTTP status it would have had' }) status?: number;
  @ApiPropertyOptional({ description: 'error' }) message?: string;
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

/** A described property (instead of a listing) for a feasibility run. */
export class FeasibilityPropertyDto {
  @ApiProperty({ description: 'Price in pesos', minimum: 1, example: 6_000_000 })
  @DecimalNumber('property.price', 2)
  @Min(1, { message: 'property.price must be at least ₱1' })
  @Max(MAX_PESOS, { message: `property.price must be at most ₱${MAX_PESOS.toLocaleString('en-US')}` })
  price!: number;

  @ApiPropertyOptional({ description: 'Floor area in m²', minimum: 1 })
  @IsOptional()
  @DecimalNumber('property.floorArea', 2)
  @Min(1, { message: 'property.floorArea must be at least 1 m²' })
  @Max(1_000_000, { message: 'property.floorArea must be at most 1,000,000 m²' })
  floorArea?: number;

  @ApiPropertyOptional({ enum: LISTING_KINDS })
  @IsOptional()
  @IsIn(LISTING_KINDS, { message: `property.kind must be one of: ${LISTING_KINDS.join(', ')}` })
  kind?: string;

  @ApiPropertyOptional({ description: 'PSGC code of the barangay (10 digits)', example: '1380300001' })
  @IsOptional()
  @Matches(/^\d{9,10}$/, { message: 'property.barangayCode must be a PSGC code (9 or 10 digits)' })
  barangayCode?: string;

  @ApiPropertyOptional({ description: 'The BIR zonal value of the whole property in pesos, when known (taxes use the higher of price and zonal value)' })
  @IsOptional()
  @DecimalNumber('property.zonalValue', 2)
  @Min(0, { message: 'property.zonalValue must not be negative' })
  @Max(MAX_PESOS, { message: `property.zonalValue must be at most ₱${MAX_PESOS.toLocaleString('en-US')}` })
  zonalValue?: number;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'property.description must be text' })
  @MaxLength(2000, { message: 'property.description must be at most 2000 characters' })
  description?: string;
}

/** The buyer's assumptions; each has a default. */
export class FeasibilityAssumptionsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 20, description: 'Down payment, % of the price' })
  @IsOptional()
  @DecimalNumber('assumptions.downPaymentPct', 2)
  @Min(0, { message: 'assumptions.downPaymentPct must be from 0 to 100' })
  @Max(100, { message: 'assumptions.downPaymentPct must be from 0 to 100' })
  downPaymentPct?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 30, default: 20, description: 'Loan term in years' })
  @IsOptional()
  @WholeNumber('assumptions.years', 1, 30)
  years?: number;

  @ApiPropertyOptional({ enum: LENDERS, default: 'pagibig' })
  @IsOptional()
  @IsIn(LENDERS, { message: `assumptions.lender must be one of: ${LENDERS.join(', ')}` })
  lender?: 'pagibig' | 'bank';

  @ApiPropertyOptional({ minimum: 0, maximum: 30, description: "Yearly interest rate in %; the lender's table rate when left out" })
  @IsOptional()
  @DecimalNumber('assumptions.annualRatePct', 3)
  @Min(0, { message: 'assumptions.annualRatePct must be from 0 to 30' })
  @Max(30, { message: 'assumptions.annualRatePct must be from 0 to 30' })
  annualRatePct?: number;

  @ApiPropertyOptional({ enum: USES, default: 'rent', description: 'Rent it out, or live in it' })
  @IsOptional()
  @IsIn(USES, { message: `assumptions.use must be one of: ${USES.join(', ')}` })
  use?: 'rent' | 'own';

  @ApiPropertyOptional({ minimum: 0, description: "Expected monthly rent in pesos (use rent); the barangay's median when left out" })
  @IsOptional()
  @DecimalNumber('assumptions.monthlyRent', 2)
  @Min(0, { message: 'assumptions.monthlyRent must not be negative' })
  @Max(MAX_PESOS, { message: `assumptions.monthlyRent must be at most ₱${MAX_PESOS.toLocaleString('en-US')}` })
  monthlyRent?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 5, description: 'Vacancy, % of the year' })
  @IsOptional()
  @DecimalNumber('assumptions.vacancyPct', 2)
  @Min(0, { message: 'assumptions.vacancyPct must be from 0 to 100' })
  @Max(100, { message: 'assumptions.vacancyPct must be from 0 to 100' })
  vacancyPct?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'Association dues a month, pesos' })
  @IsOptional()
  @DecimalNumber('assumptions.monthlyDues', 2)
  @Min(0, { message: 'assumptions.monthlyDues must not be negative' })
  @Max(MAX_PESOS, { message: `assumptions.monthlyDues must be at most ₱${MAX_PESOS.toLocaleString('en-US')}` })
  monthlyDues?: number;

  @ApiPropertyOptional({ minimum: 0, description: 'Real property tax a year, pesos; estimated from the assessed value when left out' })
  @IsOptional()
  @DecimalNumber('assumptions.annualRealPropertyTax', 2)
  @Min(0, { message: 'assumptions.annualRealPropertyTax must not be negative' })
  @Max(MAX_PESOS, { message: `assumptions.annualRealPropertyTax must be at most ₱${MAX_PESOS.toLocaleString('en-US')}` })
  annualRealPropertyTax?: number;
}

/** POST /ai/run/feasibility: a listing (listingId) or a described property (property), not both, and the assumptions. */
export class FeasibilityRunDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'A listing you may see; or give property' })
  @IsOptional()
  @IsUUID('all', { message: 'listingId must be the id (a UUID) of a listing' })
  listingId?: string;

  @ApiPropertyOptional({ type: FeasibilityPropertyDto, description: 'A described property; or give listingId' })
  @IsOptional()
  @ValidateNested()
  @Type(() => FeasibilityPropertyDto)
  property?: FeasibilityPropertyDto;

  @ApiPropertyOptional({ type: FeasibilityAssumptionsDto, description: 'Defaults: 20 % down, 20 years, Pag-IBIG, rent, 5 % vacancy, no dues' })
  @IsOptional()
  @ValidateNested()
  @Type(() => FeasibilityAssumptionsDto)
  assumptions?: FeasibilityAssumptionsDto;
}

/** POST /ai/run/compare: 2-5 different listings. */
export class CompareRunDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: ARIA_COMPARE_MIN, maxItems: ARIA_COMPARE_MAX, description: `${ARIA_COMPARE_MIN} to ${ARIA_COMPARE_MAX} different listing ids` })
  @IsArray({ message: `listingIds must be a list of ${ARIA_COMPARE_MIN} to ${ARIA_COMPARE_MAX} listing ids` })
  @ArrayMinSize(ARIA_COMPARE_MIN, { message: `listingIds: compare at least ${ARIA_COMPARE_MIN} listings` })
  @ArrayMaxSize(ARIA_COMPARE_MAX, { message: `listingIds: compare at most ${ARIA_COMPARE_MAX} listings` })
  @ArrayUnique({ message: 'listingIds: each listing at most once' })
  @IsUUID('all', { each: true, message: 'listingIds: each must be the id (a UUID) of a listing' })
  listingIds!: string[];
}

export class AriaRunLockDto {
  @ApiProperty({ description: 'The entitlement the plan lacks', example: 'research.comparison' }) reason!: string;
  @ApiProperty({ enum: PLAN_IDS, description: 'The cheapest plan that has it' }) plan!: string;
}

/** GET /ai/run/quote/{kind}: what a run costs before the member asks for it. */
export class AriaRunQuoteDto {
  @ApiProperty({ enum: ARIA_RUN_KINDS }) kind!: AriaRunKind;
  @ApiProperty({ description: 'AI credits the run costs' }) credits!: number;
  @ApiProperty({ description: "The member's own AI credit balance" }) balance!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "For a team member: what the team's pool would pay for them now (the pool's balance within their monthly cap; 0 when paused), tried before their own balance; null for others",
  })
  pool!: number | null;
  @ApiProperty({ description: 'Whether the pool or the own balance covers the run' }) enough!: boolean;
  @ApiProperty({ type: AriaRunLockDto, nullable: true, description: "Set when the member's plan does not include this kind of run" }) locked!: AriaRunLockDto | null;
}

/** A feasibility run or a comparison. */
export class AriaRunDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'Its history entry' }) conversationId!: string;
  @ApiProperty({ enum: ARIA_RUN_KINDS }) kind!: AriaRunKind;
  @ApiProperty({ enum: ARIA_RUN_STATUSES }) status!: AriaRunStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty({ description: 'AI credits held (spent when it succeeds, refunded when it fails)' }) credits!: number;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The request as validated (defaults filled in)' }) input!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'FeasibilityRunResult or CompareRunResult once succeeded' })
  result!: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) narrative!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'GET this path (with your token) for the PDF, once succeeded' }) pdfUrl!: string | null;
}

// ---------------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------------

export class AriaRunRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ARIA_RUN_STATUSES }) status!: AriaRunStatus;
  @ApiProperty({ enum: ARIA_RUN_KINDS }) kind!: AriaRunKind;
}

/** A history entry without its messages. */
export class AriaConversationSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: ARIA_HISTORY_KINDS }) kind!: AriaHistoryKind;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'The provider that answered last' }) provider!: string;
  @ApiProperty() messageCount!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: AriaRunRefDto, nullable: true, description: 'The newest run of a feasibility or compare entry' }) lastRun!: AriaRunRefDto | null;
}

/** The member an entry belongs to (staff lists and staff reads). */
export class AriaMemberRefDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
}

/** A history entry with its messages and runs. */
export class AriaConversationDto extends AriaConversationSummaryDto {
  @ApiProperty({ type: [AriaMessageDto], description: 'Oldest first' }) messages!: AriaMessageDto[];
  @ApiProperty({ type: [AriaRunDto], description: 'Oldest first' }) runs!: AriaRunDto[];
  @ApiPropertyOptional({ type: AriaMemberRefDto, nullable: true, description: "Staff reading another member's entry: that member (null when gone); absent for your own" })
  member?: AriaMemberRefDto | null;
}

export class AriaHistoryListDto {
  @ApiProperty({ type: [AriaConversationSummaryDto], description: 'Most recently updated first' }) items!: AriaConversationSummaryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

/** ?page&limit&kind of GET /ai/history/my. */
export class AriaHistoryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ARIA_HISTORY_KINDS })
  @IsOptional()
  @IsIn(ARIA_HISTORY_KINDS, { message: `kind must be one of: ${ARIA_HISTORY_KINDS.join(', ')}` })
  kind?: AriaHistoryKind;
}

/** ?page&limit&kind&userId&member&from&to of GET /ai/history/get/all (staff). */
export class AriaStaffHistoryQueryDto extends AriaHistoryQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: "One member's entries" })
  @IsOptional()
  @IsUUID('all', { message: 'userId must be the id (a UUID) of a member' })
  userId?: string;

  @ApiPropertyOptional({ maxLength: 200, description: "Words in the member's name or e-mail (case-insensitive)" })
  @IsOptional()
  @IsString({ message: 'member must be text (words of a name or an e-mail)' })
  @MaxLength(200, { message: 'member must be at most 200 characters' })
  member?: string;

  @ApiPropertyOptional({ description: 'Last active from this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be a date (YYYY-MM-DD) or an ISO date-time' })
  from?: string;

  @ApiPropertyOptional({ description: 'Last active to this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time, exclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be a date (YYYY-MM-DD) or an ISO date-time' })
  to?: string;
}

/** A history entry as staff list it: with its member. */
export class AriaStaffConversationSummaryDto extends AriaConversationSummaryDto {
  @ApiProperty({ type: AriaMemberRefDto, nullable: true, description: 'null when the member is gone' }) member!: AriaMemberRefDto | null;
}

export class AriaStaffHistoryListDto {
  @ApiProperty({ type: [AriaStaffConversationSummaryDto], description: 'Most recently updated first' }) items!: AriaStaffConversationSummaryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

/** POST /ai/history/search. */
export class AriaHistorySearchDto extends PageBodyDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'Words in the title or in a message (case-insensitive)' })
  @IsOptional()
  @IsString({ message: 'query must be text' })
  @MaxLength(200, { message: 'query must be at most 200 characters' })
  query?: string;

  @ApiPropertyOptional({ enum: ARIA_HISTORY_KINDS })
  @IsOptional()
  @IsIn(ARIA_HISTORY_KINDS, { message: `kind must be one of: ${ARIA_HISTORY_KINDS.join(', ')}` })
  kind?: AriaHistoryKind;
}

/** POST /ai/history/create: an empty chat to continue with /ai/chat. */
export class AriaHistoryCreateDto {
  @ApiPropertyOptional({ maxLength: ARIA_TITLE_MAX_LENGTH, default: 'New chat' })
  @IsOptional()
  @IsString({ message: 'title must be text' })
  @Matches(/\S/, { message: 'title must not be blank' })
  @MaxLength(ARIA_TITLE_MAX_LENGTH, { message: `title must be at most ${ARIA_TITLE_MAX_LENGTH} characters` })
  title?: string;

  @ApiPropertyOptional({ enum: ['chat'], default: 'chat', description: 'Runs make their own entries (/ai/run/*)' })
  @IsOptional()
  @IsIn(['chat'], { message: 'kind must be chat: feasibility and compare entries are made by /ai/run/feasibility and /ai/run/compare' })
  kind?: 'chat';
}

/** PUT /ai/history/update: rename one of your entries. */
export class AriaHistoryUpdateDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be the id (a UUID) of one of your ARIA conversations' })
  id!: string;

  @ApiProperty({ minLength: 1, maxLength: ARIA_TITLE_MAX_LENGTH })
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title must not be empty' })
  @MinLength(1, { message: 'title must not be empty' })
  @Matches(/\S/, { message: 'title must not be blank' })
  @MaxLength(ARIA_TITLE_MAX_LENGTH, { message: `title must be at most ${ARIA_TITLE_MAX_LENGTH} characters` })
  title!: string;
}
