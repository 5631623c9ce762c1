import { BadRequestException, ConflictException, ForbiddenException, GoneException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  ADMIN_ROLES,
  buildPagination,
  KYC_FILE_KINDS,
  KYC_ID_TYPES_WITHOUT_BACK,
  KYC_TRANSITIONS,
  KYC_VIEW_REASONS,
  type KycFileKind,
  type KycIdType,
  type KycStatus,
  type NewDomainEvent,
} from '@app/domain';
import type { KycFileRow, KycReviewRow, KycSubmissionRow, KycSummaryValue } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { Transactions } from '../../common/db/transactions';
import { isUniqueViolation } from '../../common/db/pg-errors';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import { EnvelopeEncryption } from '../../common/security/envelope-encryption';
import { LinkSigner } from '../../common/security/link-signer';
import { FileStorage } from '../../common/storage/storage.service';
import { imageDecodes, sniffImageFormat } from '../../common/upload/image-sniffer';
import type { UploadedFieldFiles } from '../../common/upload/upload.interceptor';
import { UsersService } from '../users/users.service';
import type {
  CreateKycDto,
  KycFileLinkDto,
  KycListDto,
  KycListQueryDto,
  KycMemberDto,
  KycPersonDto,
  KycSubmissionDto,
  MyKycDto,
  UpdateKycStatusDto,
} from './dto/kyc.dto';
import { KycSubmitLimiter } from './kyc-submit-limit.guard';
import { KycRepository, type KycSubmissionPatch } from './kyc.repository';

export const KYC_NOT_FOUND = 'Identity verification not found';
export const KYC_FILE_NOT_FOUND = 'File not found';
export const KYC_BEING_REVIEWED = 'Your verification is being reviewed. Withdraw it first to change it.';
/** How long a KYC file link works. */
export const KYC_FILE_LINK_SECONDS = 5 * 60;
const LINK_PURPOSE = 'tahanan:kyc-file-links:v1';
const DAY_MS = 24 * 3600_000;
/** Rows a housekeeping run handles at most (the next run takes the rest). */
const TASK_BATCH = 200;
const IMAGE_MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const KIND_WORDS: Record<KycFileKind, string> = { front: 'front of the ID', back: 'back of the ID', selfie: 'selfie holding the ID' };

/** Today's date in the Philippines (UTC+8, no daylight saving), YYYY-MM-DD. */
export function manilaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The instant a date (YYYY-MM-DD) begins in the Philippines. */
const manilaStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

function isCalendarDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const isReviewer = (caller: AuthUser) => ADMIN_ROLES.includes(caller.role);

interface StoredImage {
  kind: KycFileKind;
  path: string;
  mimeType: string;
  size: number;
}

/** A decrypted KYC image to send. */
export interface KycImage {
  bytes: Buffer;
  mimeType: string;
}

/**
 * Identity verification (KYC). A member submits a government ID (type, number, name, birth date, the
 * ID's images and a selfie); reviewers (admins) take it from the queue, approve, reject or ask for a
 * resubmission with reason codes. Images and ID numbers are envelope-encrypted at rest (a data key per
 * item wrapped by the configured master key) and stored privately; staff open an image only through
 * a 5-minute link bound to them, each time audited with a reason. The member's summary (users.kyc:
 * approved is the "Verified identity", `hasVerifiedIdentity`) is kept through UsersService in the same
 * transaction as every change. KYC never sets users.is_verified: that flag is the confirmed e-mail
 * social sign-in trusts, and an ID does not prove who owns the address.
 */
@Injectable()
export class KycService {
  private readonly logger = new Logger('KycService');
  private readonly links: LinkSigner;

  constructor(
    private readonly repo: KycRepository,
    private readonly users: UsersService,
    private readonly storage: FileStorage,
    private readonly events: EventsService,
    private readonly transactions: Transactions,
    private readonly crypto: EnvelopeEncryption,
    private readonly submitLimit: KycSubmitLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new LinkSigner(config.auth.jwtSecret, LINK_PURPOSE);
  }

  // ---- members -------------------------------------------------------------------------------

  /**
   * Creates a submission, or updates the member's open draft or resubmission request (fields and
   * files given replace the stored ones), and submits it unless `submit` is false.
   */
  async create(caller: AuthUser, dto: CreateKycDto, files: UploadedFieldFiles | undefined): Promise<KycSubmissionDto> {
    const images = await this.checkImages(files);
    this.checkDates(dto);
    const submit = dto.submit ?? true;
    const stored: string[] = [];
    const replaced: string[] = [];
    let row: KycSubmissionRow;
    try {
      row = await this.transactions.run(async () => {
        const open = await this.repo.lockOpenOf(caller.id);
        if (open && (open.status === 'submitted' || open.status === 'in_review')) throw new ConflictException(KYC_BEING_REVIEWED);
        const fields: KycSubmissionPatch = {};
        if (dto.idType !== undefined) fields.idType = dto.idType;
        if (dto.fullName !== undefined) fields.fullName = dto.fullName;
        if (dto.birthDate !== undefined) fields.birthDate = dto.birthDate;
        if (dto.idExpiresOn !== undefined) fields.idExpiresOn = dto.idExpiresOn;
        if (dto.idNumber !== undefined) {
          const number = dto.idNumber.replace(/\s+/g, ' ');
          fields.idNumberEncrypted = this.crypto.sealText(number, 'kyc-id-number');
          fields.idNumberLast4 = number.replace(/[^A-Za-z0-9]/g, '').slice(-4).toUpperCase();
        }
        let current: KycSubmissionRow;
        if (open) {
          current = await this.repo.update(open.id, fields); // touched: the abandonment clock starts again
        } else {
          const missing = (['idType', 'idNumber', 'fullName', 'birthDate'] as const).filter((k) => dto[k] === undefined);
          if (missing.length) throw new BadRequestException(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required`);
          current = await this.repo.insert({
            id: randomUUID(),
            userId: caller.id,
            status: 'draft',
            idType: fields.idType!,
            idNumberEncrypted: fields.idNumberEncrypted!,
            idNumberLast4: fields.idNumberLast4!,
            fullName: fields.fullName!,
            birthDate: fields.birthDate!,
            idExpiresOn: fields.idExpiresOn ?? null,
          });
        }
        const existing = await this.repo.filesOf([current.id]);
        if (submit) {
          const have = new Set<KycFileKind>([...existing.map((f) => f.kind), ...images.map((i) => i.kind)]);
          const needed = KYC_FILE_KINDS.filter((k) => k !== 'back' || !KYC_ID_TYPES_WITHOUT_BACK.includes(current.idType as KycIdType));
          const lacking = needed.filter((k) => !have.has(k));
          if (lacking.length) {
            throw new BadRequestException(`Send ${lacking.map((k) => `the ${KIND_WORDS[k]} in '${k}'`).join(' and ')} (JPEG, PNG or WebP)`);
          }
        }
        for (const image of images) {
          const sealed = this.crypto.seal(await readFile(image.path), `kyc-file:${image.kind}`);
          const key = `kyc/${caller.id}/${current.id}/${image.kind}-${randomBytes(8).toString('hex')}`;
          await this.storage.put('private', key, sealed.ciphertext);
          stored.push(key);
          const { replacedKey } = await this.repo.upsertFile({
            submissionId: current.id,
            kind: image.kind,
            storageKey: key,
            mimeType: image.mimeType,
            size: image.size,
            keyId: sealed.keyId,
            wrappedKey: sealed.wrappedKey,
          });
          if (replacedKey) replaced.push(replacedKey);
        }
        if (submit) {
          const resubmission = current.status === 'resubmission_requested';
          this.assertMove(current.status, 'submitted');
          current = await this.repo.update(current.id, { status: 'submitted', submittedAt: new Date(), assignedToId: null, assignedAt: null });
          await this.publish(caller.id, current, caller.email, { type: 'kyc.submitted', extra: { resubmission } });
        }
        await this.syncSummary(caller.id);
        return current;
      });
    } catch (err) {
      await Promise.all(stored.map((k) => this.storage.remove('private', k).catch(() => undefined)));
      // two first submissions at once: the second meets the open one (kyc_submissions_open_key)
      if (isUniqueViolation(err)) throw new ConflictException('Another submission of yours was being saved at the same time; reload and try again');
      throw err;
    }
    await this.submitLimit.count(caller.id);
    await Promise.all(replaced.map((k) => this.storage.remove('private', k).catch((e: Error) => this.logger.warn(`Could not remove ${k}: ${e.message}`))));
    return (await this.toDtos([row], false))[0];
  }

  /** The images sent, each sniffed by its bytes (JPEG, PNG or WebP that decodes); 400 naming the field otherwise. */
  private async checkImages(files: UploadedFieldFiles | undefined): Promise<StoredImage[]> {
    const images: StoredImage[] = [];
    for (const kind of KYC_FILE_KINDS) {
      const file = files?.[kind]?.[0];
      if (!file) continue;
      const format = await sniffImageFormat(file.path);
      const mimeType = format ? IMAGE_MIME[format] : undefined;
      if (!mimeType || !(await imageDecodes(file.path))) {
        throw new BadRequestException(`${kind}: the file is not a JPEG, PNG or WebP image (or it is damaged); send a photo of the ${KIND_WORDS[kind]}`);
      }
      images.push({ kind, path: file.path, mimeType, size: file.size });
    }
    return images;
  }

  private checkDates(dto: CreateKycDto): void {
    const today = manilaToday();
    if (dto.birthDate !== undefined) {
      if (!isCalendarDate(dto.birthDate) || dto.birthDate < '1900-01-01') throw new BadRequestException('birthDate must be a real date as YYYY-MM-DD');
      const adult = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
      if (dto.birthDate > adult) throw new BadRequestException('You must be 18 or older to verify your identity (birthDate)');
    }
    if (dto.idExpiresOn !== undefined) {
      if (!isCalendarDate(dto.idExpiresOn)) throw new BadRequestException('idExpiresOn must be a real date as YYYY-MM-DD');
      if (dto.idExpiresOn <= today) throw new BadRequestException('idExpiresOn: this ID has expired; use an ID that is still valid');
    }
  }

  async mine(caller: AuthUser): Promise<MyKycDto> {
    const rows = await this.repo.listOfUser(caller.id);
    const dtos = await this.toDtos(rows, false);
    return { current: dtos[0] ?? null, history: dtos.slice(1) };
  }

  async withdraw(caller: AuthUser, id: string): Promise<KycSubmissionDto> {
    const row = await this.transactions.run(async () => {
      const found = await this.repo.lockById(id);
      if (!found || found.userId !== caller.id) throw new NotFoundException(KYC_NOT_FOUND);
      if (!KYC_TRANSITIONS[found.status].includes('withdrawn')) {
        throw new ConflictException(`This verification is ${words(found.status)}; only an open one (draft, submitted, in review, resubmission requested) can be withdrawn`);
      }
      const updated = await this.repo.update(id, { status: 'withdrawn', closedAt: new Date(), assignedToId: null, assignedAt: null });
      await this.publish(caller.id, updated, caller.email, { type: 'kyc.withdrawn' });
      await this.syncSummary(caller.id);
      return updated;
    });
    return (await this.toDtos([row], false))[0];
  }

  // ---- reviewers -----------------------------------------------------------------------------

  async list(caller: AuthUser, query: KycListQueryDto): Promise<KycListDto> {
    const { limit, skip } = pageWindow(query);
    const text = query.text?.trim();
    const { rows, total } = await this.repo.page(
      {
        statuses: query.status ? [query.status] : ['submitted', 'in_review'],
        assignedToId: query.assigned === 'me' ? caller.id : query.assigned === 'unassigned' ? null : undefined,
        text: text ? { words: text, userIds: await this.users.idsMatching(text, 200) } : undefined,
      },
      limit,
      skip,
    );
    return { submissions: await this.toDtos(rows, true), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  /** The owner's or a reviewer's view (reviewers also get the member and the reviews); anyone else 404. */
  async get(caller: AuthUser, id: string): Promise<KycSubmissionDto> {
    const row = await this.repo.findById(id);
    const reviewer = isReviewer(caller);
    if (!row || (row.userId !== caller.id && !reviewer)) throw new NotFoundException(KYC_NOT_FOUND);
    return (await this.toDtos([row], reviewer, reviewer))[0];
  }

  async updateStatus(caller: AuthUser, id: string, dto: UpdateKycStatusDto): Promise<KycSubmissionDto> {
    const target = dto.status;
    const reasonCodes = [...new Set(dto.reasonCodes ?? [])];
    const note = dto.note?.trim() || null;
    const decision = target === 'rejected' || target === 'resubmission_requested';
    if (decision && !reasonCodes.length) throw new BadRequestException(`reasonCodes: give at least one reason to set ${target}`);
    if (!decision && reasonCodes.length) throw new BadRequestException('reasonCodes apply only to rejected and resubmission_requested');
    if (reasonCodes.includes('other') && !note) throw new BadRequestException("note: say what to fix when the reason is 'other'");
    const row = await this.transactions.run(async () => {
      const found = await this.repo.lockById(id);
      if (!found) throw new NotFoundException(KYC_NOT_FOUND);
      if (found.userId === caller.id) throw new ForbiddenException('You cannot review your own identity verification');
      if (found.status === 'in_review' && found.assignedToId && found.assignedToId !== caller.id && !(target === 'submitted' && caller.role === 'super_admin')) {
        const [who] = await this.users.contactsByIds([found.assignedToId]);
        throw new ConflictException(`${who ? `${who.firstName} ${who.lastName}` : 'Another reviewer'} is reviewing this submission; ask them to release it first`);
      }
      if (target === 'in_review' && found.status === 'in_review' && found.assignedToId === caller.id) return found;
      // a reviewer's `submitted` is a release: only of a submission in review (a member's draft is theirs to submit)
      if (target === 'submitted' && found.status !== 'in_review') {
        throw new ConflictException(`This verification is ${words(found.status)}; only one in review can be released`);
      }
      this.assertMove(found.status, target);
      const now = new Date();
      const [member] = await this.users.contactsByIds([found.userId]);
      const email = member?.email ?? '';
      let updated: KycSubmissionRow;
      if (target === 'in_review' || target === 'submitted') {
        const take = target === 'in_review';
        updated = await this.repo.update(id, { status: target, assignedToId: take ? caller.id : null, assignedAt: take ? now : null });
        await this.repo.insertReview({ submissionId: id, reviewerId: caller.id, action: take ? 'assigned' : 'released' });
        await this.publish(caller.id, updated, email, { type: 'kyc.assigned', extra: { reviewerId: take ? caller.id : null } });
      } else if (target === 'approved') {
        if (found.idExpiresOn && found.idExpiresOn <= manilaToday(now)) {
          throw new ConflictException(`The ID expired on ${found.idExpiresOn}; reject it (id_expired) or ask for a resubmission`);
        }
        const validUntil = new Date(now.getTime() + this.config.kyc.approvalValidDays * DAY_MS);
        const idExpiry = found.idExpiresOn ? manilaStart(found.idExpiresOn) : null;
        const expiresAt = idExpiry && idExpiry < validUntil ? idExpiry : validUntil;
        for (const older of await this.repo.lockApprovedOf(found.userId, id)) {
          await this.repo.update(older.id, { status: 'expired', closedAt: now });
          await this.repo.insertReview({ submissionId: older.id, reviewerId: caller.id, action: 'expired', note: 'Superseded by a newer approval' });
        }
        updated = await this.repo.update(id, {
          status: 'approved',
          approvedAt: now,
          expiresAt,
          reviewedAt: now,
          reviewedById: caller.id,
          reasonCodes: [],
          reviewNote: note,
          assignedToId: null,
          assignedAt: null,
        });
        await this.repo.insertReview({ submissionId: id, reviewerId: caller.id, action: 'approved', note });
        await this.publish(caller.id, updated, email, { type: 'kyc.reviewed', extra: { decision: 'approved', reasonCodes: [] } });
      } else {
        updated = await this.repo.update(id, {
          status: target,
          reviewedAt: now,
          reviewedById: caller.id,
          reasonCodes,
          reviewNote: note,
          assignedToId: null,
          assignedAt: null,
          closedAt: target === 'rejected' ? now : null,
        });
        await this.repo.insertReview({ submissionId: id, reviewerId: caller.id, action: target, reasonCodes, note });
        await this.publish(caller.id, updated, email, { type: 'kyc.reviewed', extra: { decision: target, reasonCodes } });
      }
      await this.syncSummary(found.userId);
      return updated;
    });
    return (await this.toDtos([row], true, true))[0];
  }

  // ---- files ---------------------------------------------------------------------------------

  /** The signed link (path and query) of a file for a viewer, valid KYC_FILE_LINK_SECONDS from `nowMs`. */
  fileUrl(fileId: string, viewerId: string, nowMs = Date.now()): { url: string; expiresAt: string } {
    const query = this.links.query(`kyc-file/${fileId}/${viewerId}`, KYC_FILE_LINK_SECONDS, 1, nowMs);
    const expires = Number(/expires=(\d+)/.exec(query)![1]);
    return { url: `/api/kyc/file/${fileId}?viewer=${viewerId}&${query}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** A link to a file for its owner or a reviewer (with a reason), recorded as `kyc.file_viewed`. */
  async fileLink(caller: AuthUser, fileId: string, reason: string): Promise<KycFileLinkDto> {
    const found = await this.repo.findFile(fileId);
    const owner = found?.submission.userId === caller.id;
    if (!found || (!owner && !isReviewer(caller))) throw new NotFoundException(KYC_FILE_NOT_FOUND);
    if (!owner && !(KYC_VIEW_REASONS as readonly string[]).includes(reason)) {
      throw new BadRequestException(`reason must be one of: ${KYC_VIEW_REASONS.join(', ')}`);
    }
    const email = owner ? caller.email : ((await this.users.contactsByIds([found.submission.userId]))[0]?.email ?? '');
    await this.transactions.run(() =>
      this.publish(caller.id, found.submission, email, { type: 'kyc.file_viewed', extra: { fileId, fileKind: found.file.kind, reason } }),
    );
    return this.fileUrl(fileId, caller.id);
  }

  /**
   * The decrypted image of a signed link: only for the member the link was made for (403 otherwise,
   * and for a link we did not sign), 410 once expired, 404 when the file is gone.
   */
  async openFile(caller: AuthUser, fileId: string, viewer: string | undefined, expires: string | undefined, signature: string | undefined): Promise<KycImage> {
    if (viewer !== caller.id) throw new ForbiddenException('This link was made for someone else; ask for your own link');
    const check = this.links.check(`kyc-file/${fileId}/${viewer}`, expires, signature);
    if (check.state === 'invalid') throw new ForbiddenException('This file link is invalid');
    if (check.state === 'expired') throw new GoneException('This file link has expired; open the file again for a new one');
    const found = await this.repo.findFile(fileId);
    if (!found) throw new NotFoundException(KYC_FILE_NOT_FOUND);
    if (found.submission.userId !== caller.id && !isReviewer(caller)) throw new ForbiddenException('You may no longer open this file');
    const opened = await this.storage.open('private', found.file.storageKey);
    if (!opened) throw new NotFoundException(KYC_FILE_NOT_FOUND);
    const ciphertext = await readAll(opened.stream);
    const bytes = this.crypto.open({ keyId: found.file.keyId, wrappedKey: found.file.wrappedKey, ciphertext }, `kyc-file:${found.file.kind}`);
    return { bytes, mimeType: found.file.mimeType };
  }

  /** The ID number in clear (reviewers' tooling and tests; never in an answer). */
  async idNumberOf(submissionId: string): Promise<string | null> {
    const row = await this.repo.findById(submissionId);
    return row?.idNumberEncrypted ? this.crypto.openText(row.idNumberEncrypted, 'kyc-id-number') : null;
  }

  // ---- housekeeping --------------------------------------------------------------------------

  /** Approvals past their expiresAt, or whose ID expired: expired, the badge off, `kyc.expired` (kyc-expiry task). */
  async expireDue(now = new Date()): Promise<number> {
    const today = manilaToday(now);
    let n = 0;
    for (const due of await this.repo.dueToExpire(now, today, TASK_BATCH)) {
      const done = await this.transactions.run(async () => {
        const row = await this.repo.lockById(due.id);
        if (!row || row.status !== 'approved') return false;
        const reason = row.idExpiresOn && row.idExpiresOn <= today ? 'id_expired' : 'approval_age';
        const updated = await this.repo.update(row.id, { status: 'expired', closedAt: now });
        await this.repo.insertReview({
          submissionId: row.id,
          reviewerId: null,
          action: 'expired',
          note: reason === 'id_expired' ? `The ID expired on ${row.idExpiresOn}` : `The approval is older than ${this.config.kyc.approvalValidDays} days`,
        });
        const [member] = await this.users.contactsByIds([row.userId]);
        await this.publish(null, updated, member?.email ?? '', { type: 'kyc.expired', extra: { reason } });
        await this.syncSummary(row.userId);
        return true;
      });
      if (done) n++;
    }
    return n;
  }

  /**
   * Retention (kyc-retention task): drafts and resubmission requests untouched for
   * KYC_ABANDONED_AFTER_DAYS are withdrawn as abandoned; the files (and the encrypted ID number) of
   * rejected, withdrawn and expired submissions closed more than KYC_RETENTION_DAYS ago are deleted.
   */
  async enforceRetention(now = new Date()): Promise<{ abandoned: number; purged: number }> {
    let abandoned = 0;
    for (const stale of await this.repo.abandoned(new Date(now.getTime() - this.config.kyc.abandonedAfterDays * DAY_MS), TASK_BATCH)) {
      const done = await this.transactions.run(async () => {
        const row = await this.repo.lockById(stale.id);
        if (!row || (row.status !== 'draft' && row.status !== 'resubmission_requested') || row.updatedAt.getTime() !== stale.updatedAt.getTime()) return false;
        const updated = await this.repo.update(row.id, { status: 'withdrawn', closedAt: now, reviewNote: row.reviewNote ?? 'Withdrawn: abandoned (not completed in time)' });
        const [member] = await this.users.contactsByIds([row.userId]);
        await this.publish(null, updated, member?.email ?? '', { type: 'kyc.withdrawn' });
        await this.syncSummary(row.userId);
        return true;
      });
      if (done) abandoned++;
    }
    let purged = 0;
    for (const closed of await this.repo.dueForPurge(new Date(now.getTime() - this.config.kyc.retentionDays * DAY_MS), TASK_BATCH)) {
      // storage first (harmless to repeat): a failure leaves the rows, and the next run tries again
      await this.storage.removePrefix('private', `kyc/${closed.userId}/${closed.id}/`);
      const done = await this.transactions.run(async () => {
        const row = await this.repo.lockById(closed.id);
        if (!row || row.filesPurgedAt) return false;
        const files = await this.repo.deleteFilesOf(row.id);
        const updated = await this.repo.update(row.id, { filesPurgedAt: now, idNumberEncrypted: '' });
        const [member] = await this.users.contactsByIds([row.userId]);
        await this.publish(null, updated, member?.email ?? '', { type: 'kyc.files_purged', extra: { files: files.length, status: row.status } });
        return true;
      });
      if (done) purged++;
    }
    return { abandoned, purged };
  }

  /** Removes every KYC file a (removed) member had in storage; answers how many. */
  removeFilesOfUser(userId: string): Promise<number> {
    return this.storage.removePrefix('private', `kyc/${userId}/`);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private assertMove(from: KycStatus, to: KycStatus): void {
    if (!KYC_TRANSITIONS[from].includes(to)) {
      throw new ConflictException(`This verification is ${words(from)}; it cannot be changed to ${words(to)}`);
    }
  }

  /** users.kyc from the member's submissions, in the caller's transaction. */
  private async syncSummary(userId: string): Promise<void> {
    const row = await this.repo.summaryRowOf(userId);
    const summary: KycSummaryValue | null = row
      ? { submissionId: row.id, status: row.status, idType: row.idType, approvedAt: iso(row.approvedAt), expiresAt: iso(row.expiresAt), updatedAt: row.updatedAt.toISOString() }
      : null;
    await this.users.setKyc(userId, summary);
  }

  private async publish<T extends 'kyc.submitted' | 'kyc.withdrawn' | 'kyc.assigned' | 'kyc.reviewed' | 'kyc.expired' | 'kyc.file_viewed' | 'kyc.files_purged'>(
    actorId: string | null,
    row: KycSubmissionRow,
    email: string,
    event: { type: T; extra?: Omit<NewDomainEvent<T>['data'], 'submissionId' | 'userId' | 'email' | 'idType'> },
  ): Promise<void> {
    await this.events.publish({
      type: event.type,
      actorId,
      entity: { kind: 'kyc', id: row.id },
      data: { submissionId: row.id, userId: row.userId, email, idType: row.idType, ...(event.extra ?? {}) } as NewDomainEvent<T>['data'],
    } as NewDomainEvent);
  }

  private async toDtos(rows: KycSubmissionRow[], withUser: boolean, withReviews = false): Promise<KycSubmissionDto[]> {
    if (!rows.length) return [];
    const files = await this.repo.filesOf(rows.map((r) => r.id));
    const reviews = new Map<string, KycReviewRow[]>();
    if (withReviews) for (const r of rows) reviews.set(r.id, await this.repo.reviewsOf(r.id));
    const personIds = [
      ...rows.map((r) => r.assignedToId),
      ...[...reviews.values()].flat().map((r) => r.reviewerId),
      ...(withUser ? rows.map((r) => r.userId) : []),
    ].filter((x): x is string => !!x);
    const contacts = new Map((await this.users.contactsByIds(personIds)).map((c) => [c.id, c]));
    const types = withUser ? new Map((await this.users.profilesByIds(rows.map((r) => r.userId))).map((p) => [p.id, p.type])) : new Map<string, string>();
    const person = (id: string | null): KycPersonDto | null => {
      const c = id ? contacts.get(id) : undefined;
      return c ? { _id: c.id, firstName: c.firstName, lastName: c.lastName } : null;
    };
    return rows.map((r) => {
      const dto: KycSubmissionDto = {
        _id: r.id,
        userId: r.userId,
        status: r.status,
        idType: r.idType as KycIdType,
        idNumberLast4: r.idNumberLast4,
        fullName: r.fullName,
        birthDate: r.birthDate,
        idExpiresOn: r.idExpiresOn,
        reasonCodes: r.reasonCodes,
        reviewNote: r.reviewNote,
        submittedAt: iso(r.submittedAt),
        reviewedAt: iso(r.reviewedAt),
        approvedAt: iso(r.approvedAt),
        expiresAt: iso(r.expiresAt),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        filesPurged: r.filesPurgedAt !== null,
        files: files.filter((f) => f.submissionId === r.id).sort(byKind).map((f) => ({ _id: f.id, kind: f.kind, mimeType: f.mimeType, size: f.size })),
        assignedTo: person(r.assignedToId),
      };
      if (withUser) {
        const c = contacts.get(r.userId);
        const user: KycMemberDto = c
          ? { _id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, type: types.get(r.userId) ?? 'customer' }
          : { _id: r.userId, firstName: '', lastName: '', email: '', type: 'customer' };
        dto.user = user;
      }
      if (withReviews) {
        dto.reviews = (reviews.get(r.id) ?? []).map((v) => ({
          action: v.action,
          reasonCodes: v.reasonCodes,
          note: v.note,
          reviewer: person(v.reviewerId),
          createdAt: v.createdAt.toISOString(),
        }));
      }
      return dto;
    });
  }
}

const byKind = (a: KycFileRow, b: KycFileRow) => KYC_FILE_KINDS.indexOf(a.kind) - KYC_FILE_KINDS.indexOf(b.kind);
const words = (status: string) => status.replace(/_/g, ' ');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
