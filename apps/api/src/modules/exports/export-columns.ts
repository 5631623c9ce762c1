import type { AuditLogRow, UserRow } from '@app/db';
import type { ListingExportRow } from '../listings/listings.repository';

export const EXPORT_RESOURCES = ['users', 'listings', 'audit'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How a column is laid out in a PDF: its share of the page's width and its alignment. */
export type ColumnKind = 'code' | 'short' | 'text' | 'long' | 'email' | 'date' | 'money' | 'number' | 'bool';
export const KIND_WEIGHT: Record<ColumnKind, number> = {
  code: 1.1,
  short: 1,
  text: 1.8,
  long: 3,
  email: 2.1,
  date: 1.35,
  money: 1.35,
  number: 0.75,
  bool: 0.7,
};

/** A cell as written: text, or a number (CSV writes it bare, so a spreadsheet sums it). */
export type CellValue = string | number;

export interface ExportColumn<Row> {
  key: string;
  label: string;
  kind: ColumnKind;
  /** The cell in a CSV (numbers stay numbers, times ISO 8601 UTC) and in a PDF (formatted for reading). */
  csv(row: Row): CellValue;
  pdf(row: Row): string;
}

/** Times in a PDF: Asia/Manila, to the minute (the header says so). */
const manila = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export function manilaTime(d: Date): string {
  const p = Object.fromEntries(manila.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const words = (v: string | null | undefined) => (v ? v.replace(/_/g, ' ') : '');
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const num = (v: number | null | undefined): CellValue => (v === null || v === undefined ? '' : v);
const grouped = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 2 });
const money2 = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price for reading: "₱5,000,000.00" in pesos, "USD 1,200.00" in another currency (`peso` replaces ₱ where the font lacks it). */
export function formatPrice(amount: number, currency: string, peso = '₱'): string {
  return `${currency === 'PHP' ? peso : `${currency} `}${money2.format(amount)}`;
}

function column<Row>(key: string, label: string, kind: ColumnKind, csv: (row: Row) => CellValue, pdf?: (row: Row) => string): ExportColumn<Row> {
  return { key, label, kind, csv, pdf: pdf ?? ((row) => String(csv(row))) };
}

function timeColumn<Row>(key: string, label: string, get: (row: Row) => Date | null | undefined): ExportColumn<Row> {
  return column<Row>(key, label, 'date', (r) => iso(get(r)), (r) => {
    const d = get(r);
    return d ? manilaTime(d) : '';
  });
}

const fullName = (u: Pick<UserRow, 'firstName' | 'middleName' | 'lastName'>) => [u.firstName, u.middleName, u.lastName].filter(Boolean).join(' ');

/** A user export's row: the member. */
export type UserExportRow = UserRow;
export const USER_COLUMNS: ExportColumn<UserExportRow>[] = [
  column('userName', 'Name', 'text', (u) => fullName(u)),
  column('username', 'Username', 'short', (u) => u.username ?? ''),
  column('firstName', 'First name', 'short', (u) => u.firstName),
  column('lastName', 'Last name', 'short', (u) => u.lastName),
  column('email', 'E-mail', 'email', (u) => u.email),
  column('phoneNumber', 'Phone', 'short', (u) => u.phoneNumber ?? ''),
  column('role', 'Role', 'short', (u) => words(u.role)),
  column('status', 'Status', 'short', (u) => u.status),
  column('type', 'Type', 'short', (u) => words(u.type)),
  column('provider', 'Signed up with', 'short', (u) => u.provider),
  column('isVerified', 'Verified', 'bool', (u) => yesNo(u.isVerified)),
  column('plan', 'Plan', 'short', (u) => u.subscription?.plan ?? 'free'),
  column('credits', 'AI credits', 'number', (u) => u.creditsRemaining, (u) => grouped.format(u.creditsRemaining)),
  timeColumn('dateSignedUp', 'Signed up', (u) => u.dateSignedUp),
  timeColumn('lastActive', 'Last active', (u) => u.lastActive),
  timeColumn('createdAt', 'Created', (u) => u.createdAt),
  timeColumn('updatedAt', 'Updated', (u) => u.updatedAt),
];

/** A listing export's row: the listing and its owner's name (asked of the users module per batch). */
export type ListingExportItem = ListingExportRow & { ownerName: string };
export const LISTING_COLUMNS: ExportColumn<ListingExportItem>[] = [
  column('code', 'Code', 'code', (l) => l.code),
  column('name', 'Name', 'long', (l) => l.name),
  column('status', 'Status', 'short', (l) => l.status),
  column('type', 'Type', 'short', (l) => l.type),
  column('offer', 'Offer', 'short', (l) => (l.offer === 'rent' ? 'For rent' : 'For sale')),
  column('kind', 'Kind', 'short', (l) => words(l.kind)),
  column('price', 'Price', 'money', (l) => l.price, (l) => formatPrice(l.price, l.currency)),
  column('currency', 'Currency', 'short', (l) => l.currency),
  column('bedrooms', 'Bedrooms', 'number', (l) => num(l.bedrooms)),
  column('bathrooms', 'Bathrooms', 'number', (l) => num(l.bathrooms)),
  column('floorSize', 'Floor (m²)', 'number', (l) => num(l.floorSize), (l) => (l.floorSize === null ? '' : grouped.format(l.floorSize))),
  column('lotSize', 'Lot (m²)', 'number', (l) => num(l.lotSize), (l) => (l.lotSize === null ? '' : grouped.format(l.lotSize))),
  column('region', 'Region', 'text', (l) => l.regionName),
  column('province', 'Province', 'text', (l) => l.provinceName ?? ''),
  column('city', 'City', 'text', (l) => l.cityName),
  column('barangay', 'Barangay', 'text', (l) => l.barangayName),
  column('owner', 'Owner', 'text', (l) => l.ownerName),
  column('verified', 'Verified', 'bool', (l) => yesNo(l.verified)),
  column('visible', 'Visible', 'bool', (l) => yesNo(l.isVisible)),
  column('views', 'Views', 'number', (l) => l.views, (l) => grouped.format(l.views)),
  column('saved', 'Saves', 'number', (l) => l.savedCount, (l) => grouped.format(l.savedCount)),
  timeColumn('createdAt', 'Created', (l) => l.createdAt),
  timeColumn('updatedAt', 'Updated', (l) => l.updatedAt),
];

export type AuditExportRow = AuditLogRow;
export const AUDIT_COLUMNS: ExportColumn<AuditExportRow>[] = [
  timeColumn('timestamp', 'Time', (a) => a.occurredAt),
  column('severity', 'Severity', 'short', (a) => a.severity),
  column('type', 'Type', 'text', (a) => a.type),
  column('actor', 'Actor', 'text', (a) => a.actorName ?? (a.actorId ? a.actorId : 'System')),
  column('actorEmail', 'Actor e-mail', 'email', (a) => a.actorEmail ?? ''),
  column('entity', 'Entity', 'text', (a) => (a.entityKind ? `${a.entityKind}${a.entityId ? ` ${a.entityId}` : ''}` : '')),
  column('description', 'Description', 'long', (a) => a.description),
  column('ip', 'IP address', 'short', (a) => a.ip ?? ''),
  column('userAgent', 'User agent', 'text', (a) => a.userAgent ?? ''),
  column('requestId', 'Request id', 'short', (a) => a.requestId ?? ''),
];

export interface ResourceSpec {
  resource: ExportResource;
  /** Of the file's name: `{prefix}_report_{timestamp}.{format}`. */
  filePrefix: string;
  title: string;
  columns: ExportColumn<never>[];
  defaultSelect: string[];
  /** Sort values a request may give ("-createdAt" is newest first), the first the default. */
  sorts: string[];
  defaultSort: string;
}

const bothWays = (fields: string[]) => fields.flatMap((f) => [`-${f}`, f]);

export const RESOURCES: Record<ExportResource, ResourceSpec> = {
  users: {
    resource: 'users',
    filePrefix: 'user',
    title: 'Users',
    columns: USER_COLUMNS as ExportColumn<never>[],
    defaultSelect: ['userName', 'email', 'role', 'status', 'createdAt'],
    sorts: bothWays(['createdAt', 'updatedAt', 'dateSignedUp', 'email', 'firstName', 'lastName', 'role', 'status', 'type']),
    defaultSort: '-createdAt',
  },
  listings: {
    resource: 'listings',
    filePrefix: 'listing',
    title: 'Listings',
    columns: LISTING_COLUMNS as ExportColumn<never>[],
    defaultSelect: ['code', 'name', 'status', 'type', 'offer', 'price', 'city', 'barangay', 'owner', 'verified', 'createdAt'],
    sorts: bothWays(['createdAt', 'updatedAt', 'name', 'code', 'price']),
    defaultSort: '-createdAt',
  },
  audit: {
    resource: 'audit',
    filePrefix: 'audit',
    title: 'Audit log',
    columns: AUDIT_COLUMNS as ExportColumn<never>[],
    defaultSelect: ['timestamp', 'severity', 'type', 'actor', 'entity', 'description'],
    sorts: ['-timestamp', 'timestamp'],
    defaultSort: '-timestamp',
  },
};

/** `listing_report_20261127T013000Z.csv`: the resource, the request's UTC time to the second, the format. */
export function exportFileName(resource: ExportResource, format: ExportFormat, at: Date): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  return `${RESOURCES[resource].filePrefix}_report_${stamp}.${format}`;
}

/**
 * A CSV cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe (OWASP "CSV injection"); numbers are written as numbers and need none.
 */
export function neutraliseFormula(value: CellValue): CellValue {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
