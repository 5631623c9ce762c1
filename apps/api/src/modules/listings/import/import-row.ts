import { HttpException, ValidationPipe } from '@nestjs/common';
import { isEmail, isUUID } from 'class-validator';
import { VALIDATION_OPTIONS } from '../../../common/http/validation';
import { CreateListingDto } from '../dto/listing-input.dto';

/** A row without a code: the code is what a re-import finds the listing by, so none is made up. */
export const CODE_REQUIRED = 'code is required for import (it identifies the listing on re-import)';
export const CODE_FORMAT = "code must be 1 to 40 letters, digits, '-' or '_'";
export const OWNER_FORMAT = "owner must be a member's id or e-mail address";
export const NOT_AN_OBJECT = 'a row must be a listing object';

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

/**
 * Fields of the API's listing (ListingDto, what get, search and the export give) that the platform
 * keeps itself: an import ignores them, so an API answer or an export imports as it is. Any other
 * field CreateListingDto does not know is refused, as create refuses it.
 */
const READ_ONLY_FIELDS = [
  '_id',
  'id',
  'images',
  'uploadedBy',
  'views',
  'savedCount',
  'rating',
  'verified',
  'isVisible',
  'isSaved',
  'ownerUnlicensed',
  'createdAt',
  'updatedAt',
];
/** The place names the API adds to an address (the PSGC codes say them). */
const ADDRESS_NAMES = ['region', 'province', 'city', 'barangay'];

/** One validation pipe, configured as the app's (http-app.ts): the rows pass the same checks as POST /listing/create. */
const pipe = new ValidationPipe(VALIDATION_OPTIONS);

export interface ImportRow {
  code: string;
  /** The owner's id or e-mail as the row names it, or null (a new listing is the importing admin's; an existing one keeps its owner). */
  owner: string | null;
  dto: CreateListingDto;
}

export type RowOutcome = { ok: true; row: ImportRow } | { ok: false; code: string | null; reason: string };

/** An HTTP error's message as one line (validation gives a list: joined by "; "). */
export function reasonOf(err: HttpException): string {
  const response = err.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: string | string[] }).message;
  return Array.isArray(message) ? message.join('; ') : (message ?? err.message);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One element of the file as create's input: the code and owner taken out, the API's read-only fields
 * dropped, the rest through class-validator on CreateListingDto with the app's options (whitelist,
 * forbidNonWhitelisted, transform). The service's rules (kind of type, PSGC address, tags, description)
 * come after, in ListingsService.listingValues.
 */
export async function parseImportRow(value: unknown): Promise<RowOutcome> {
  if (!isPlainObject(value)) return { ok: false, code: null, reason: NOT_AN_OBJECT };
  const { code: rawCode, owner: rawOwner, ownerId: rawOwnerId, ...rest } = value;
  const code = typeof rawCode === 'string' ? rawCode.trim() : rawCode;
  if (code === undefined || code === null || code === '') return { ok: false, code: null, reason: CODE_REQUIRED };
  if (typeof code !== 'string' || !CODE.test(code))
    return {
      ok: false,
      code: typeof code === 'string' ? code : null,
      reason: CODE_FORMAT,
    };

  const ownerValue = rawOwnerId ?? (isPlainObject(rawOwner) ? rawOwner._id : rawOwner);
  let owner: string | null = null;
  if (ownerValue !== undefined && ownerValue !== null) {
    const o = typeof ownerValue === 'string' ? ownerValue.trim() : '';
    if (!isUUID(o) && !isEmail(o)) return { ok: false, code, reason: OWNER_FORMAT };
    owner = o;
  }

  for (const field of READ_ONLY_FIELDS) delete rest[field];
  if (isPlainObject(rest.address)) {
    const address = { ...rest.address };
    for (const field of ADDRESS_NAMES) delete address[field];
    rest.address = address;
  }
  try {
    const dto = (await pipe.transform(rest, {
      type: 'body',
      metatype: CreateListingDto,
    })) as CreateListingDto;
    return { ok: true, row: { code, owner, dto } };
  } catch (err) {
    if (err instanceof HttpException) return { ok: false, code, reason: reasonOf(err) };
    throw err;
  }
}
