import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  STAFF_ROLES,
  buildPagination,
  licenceBadge,
  type DomainEventMap,
  type LicenceReasonCode,
  type NewDomainEvent,
} from '@app/domain';
import type { LicenceSummaryValue, ProfessionalLicenceRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { isUniqueViolation } from '../../common/db/pg-errors';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import type { UserDto } from '../users/dto/user-output.dto';
import { UsersService } from '../users/users.service';
import type {
  BrokerQueryDto,
  CreateLicenceDto,
  LicenceDto,
  LicenceListDto,
  LicenceQueryDto,
  LicensedBrokerListDto,
  MyLicencesDto,
  ReviewLicenceDto,
  SuperviseLicenceDto,
  UpdateLicenceDto,
} from './dto/licence.dto';
import { assertKindOfType, futureValidity, manilaToday, normaliseLicenceNumber } from './licence-rules';
import { CURRENT_LICENCE_STATUSES, LicencesRepository, type LicenceFilters } from './licences.repository';

const NOT_FOUND = 'Licence not found';
/** The brokers lookup answers at most this many. */
const BROKERS_LIMIT = 20;

type Contact = { id: string; firstName: string; lastName: string; email: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isCurrent = (row: ProfessionalLicenceRow) => (CURRENT_LICENCE_STATUSES as readonly string[]).includes(row.status);
const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/**
 * PRC licences under RESA (RA 9646): brokers, appraisers and consultants enter their PRC licence;
 * salespersons their accreditation and the licensed broker they work under, who confirms from their
 * own account (`pending_broker` → `submitted`; a decline leaves it pending with `brokerDeclinedAt`
 * until the member names another broker). Admins approve a submitted licence (one approved holder
 * per number), reject or revoke it; the `licence-expiry` task expires approved licences past their
 * validity. Every change writes the member's summary (`users.licence`, the badge on profiles and
 * listings) through UsersService and its event in the same transaction.
 */
@Injectable()
export class LicencesService {
  constructor(
    private readonly licences: LicencesRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {}

  /** The member's current licence, the earlier ones, and the salespersons naming them as broker. */
  async my(caller: AuthUser): Promise<MyLicencesDto> {
    const [mine, supervising] = await Promise.all([this.licences.ofUser(caller.id), this.licences.supervisedBy(caller.id)]);
    const current = mine.find(isCurrent) ?? null;
    const dtos = await this.toDtos([...mine, ...supervising], { members: supervising.map((r) => r.userId) });
    return {
      current: current ? dtos.get(current.id)! : null,
      history: mine.filter((r) => r !== current).map((r) => dtos.get(r.id)!),
      supervising: supervising.map((r) => dtos.get(r.id)!),
    };
  }

  async create(caller: AuthUser, dto: CreateLicenceDto): Promise<LicenceDto> {
    assertKindOfType(caller.type, dto.kind);
    const number = normaliseLicenceNumber(dto.number);
    const validUntil = futureValidity(dto.validUntil);
    const brokerId = await this.brokerFor(caller, dto.kind, dto.supervisingBrokerId, true);
    const existing = await this.licences.currentOf(caller.id);
    if (existing) throw this.alreadyCurrent(existing);
    const row = await this.guardCurrent(() =>
      this.transactions.run(async () => {
        const row = await this.licences.insert({
          userId: caller.id,
          kind: dto.kind,
          number,
          validUntil,
          supervisingBrokerId: brokerId,
          status: brokerId ? 'pending_broker' : 'submitted',
          submittedAt: new Date(),
        });
        await this.changed(row, caller.email, caller.id, 'licence.submitted', { supervisingBrokerId: brokerId });
        return row;
      }),
    );
    return this.dto(row);
  }

  /** The member's own current licence with a new number, validity or broker: back to review, badge off until approved again. */
  async update(caller: AuthUser, id: string, given: UpdateLicenceDto): Promise<LicenceDto> {
    // null reads as "not sent" (IsOptional lets null through; none of these can be cleared)
    const dto = { number: given.number ?? undefined, validUntil: given.validUntil ?? undefined, supervisingBrokerId: given.supervisingBrokerId ?? undefined };
    if (dto.number === undefined && dto.validUntil === undefined && dto.supervisingBrokerId === undefined) {
      throw new BadRequestException('Send what changes: number, validUntil or supervisingBrokerId');
    }
    const number = dto.number === undefined ? undefined : normaliseLicenceNumber(dto.number);
    const validUntil = dto.validUntil === undefined ? undefined : futureValidity(dto.validUntil);
    const found = await this.licences.findById(id);
    if (!found || found.userId !== caller.id) throw new NotFoundException(NOT_FOUND);
    if (!isCurrent(found)) throw new ConflictException(`This licence is ${found.status.replace(/_/g, ' ')}: enter a new one instead`);
    const newBroker =
      dto.supervisingBrokerId === undefined ? undefined : await this.brokerFor(caller, found.kind, dto.supervisingBrokerId, false);
    const row = await this.transactions.run(async () => {
      const locked = (await this.licences.lock(id))!;
      if (!isCurrent(locked)) throw new ConflictException(`This licence is ${locked.status.replace(/_/g, ' ')}: enter a new one instead`);
      const brokerId = newBroker ?? locked.supervisingBrokerId;
      // a salesperson goes back to their broker unless the same broker confirmed them and has not been asked again
      const askBroker =
        locked.kind === 'salesperson' && (newBroker !== undefined || !locked.brokerConfirmedAt || !!locked.brokerDeclinedAt);
      if (locked.kind === 'salesperson' && !brokerId) {
        throw new BadRequestException('A salesperson names their supervising broker (supervisingBrokerId): see GET /licence/brokers');
      }
      const row = await this.licences.update(id, {
        number: number ?? locked.number,
        validUntil: validUntil ?? locked.validUntil,
        supervisingBrokerId: brokerId,
        status: askBroker ? 'pending_broker' : 'submitted',
        ...(askBroker ? { brokerConfirmedAt: null, brokerDeclinedAt: null } : {}),
        submittedAt: new Date(),
        reviewedAt: null,
        reviewedById: null,
        approvedAt: null,
        reasonCodes: [],
        reviewNote: null,
      });
      await this.changed(row, caller.email, caller.id, 'licence.submitted', { supervisingBrokerId: askBroker ? brokerId : null });
      return row;
    });
    return this.dto(row);
  }

  async withdraw(caller: AuthUser, id: string): Promise<LicenceDto> {
    const row = await this.transactions.run(async () => {
      const locked = await this.licences.lock(id);
      if (!locked || locked.userId !== caller.id) throw new NotFoundException(NOT_FOUND);
      if (!isCurrent(locked)) throw new ConflictException(`This licence is ${locked.status.replace(/_/g, ' ')} already`);
      const row = await this.licences.update(id, { status: 'withdrawn' });
      await this.changed(row, caller.email, caller.id, 'licence.withdrawn', {});
      return row;
    });
    return this.dto(row);
  }

  /** The named broker confirms (→ submitted, to the reviewers) or declines (stays pending; the member names another). */
  async supervise(caller: AuthUser, id: string, dto: SuperviseLicenceDto): Promise<LicenceDto> {
    const row = await this.transactions.run(async () => {
      const locked = await this.licences.lock(id);
      // only the named broker learns that this licence exists
      if (!locked || locked.supervisingBrokerId !== caller.id || !isCurrent(locked)) throw new NotFoundException(NOT_FOUND);
      if (locked.status !== 'pending_broker') throw new ConflictException('You have answered this request already');
      if (locked.brokerDeclinedAt) throw new ConflictException('You declined this request; the salesperson may name you again');
      if (dto.confirm && !(await this.licences.approvedBrokerLicenceOf(caller.id))) {
        throw new ConflictException('Your broker licence is not approved (or has expired): renew it before you confirm salespersons');
      }
      const now = new Date();
      const row = await this.licences.update(
        id,
        dto.confirm ? { status: 'submitted', brokerConfirmedAt: now, submittedAt: now } : { brokerDeclinedAt: now },
      );
      const [holder] = await this.users.contactsByIds([row.userId]);
      await this.changed(row, holder?.email ?? '', caller.id, 'licence.broker_answered', { brokerId: caller.id, confirmed: dto.confirm });
      return row;
    });
    return (await this.toDtos([row], { members: [row.userId] })).get(row.id)!;
  }

  /** Approved brokers matching a name, e-mail or the start of a number (for a salesperson naming theirs). */
  async brokers(caller: AuthUser, query: BrokerQueryDto): Promise<LicensedBrokerListDto> {
    const text = query.text?.trim() ?? '';
    let match: { userIds?: string[]; numberPrefix?: string } | null = null;
    if (text) {
      match = /^\d+$/.test(text) ? { numberPrefix: text } : { userIds: await this.users.idsMatching(text, 200) };
    }
    const rows = await this.licences.approvedBrokers(match, caller.id, BROKERS_LIMIT);
    const contacts = await this.contacts(rows.map((r) => r.userId));
    return {
      brokers: rows.flatMap((r) => {
        const c = contacts.get(r.userId);
        return c ? [{ _id: r.userId, firstName: c.firstName, lastName: c.lastName, licenceNumber: r.number }] : [];
      }),
    };
  }

  /** Staff: licences, the oldest submission first. */
  async list(query: LicenceQueryDto): Promise<LicenceListDto> {
    const { limit, skip } = pageWindow(query);
    const filters: LicenceFilters = { status: query.status, kind: query.kind };
    const text = query.text?.trim();
    if (text) {
      if (/^\d+$/.test(text)) filters.numberPrefix = text;
      else filters.userIds = await this.users.idsMatching(text, 1000);
    }
    const { rows, total } = await this.licences.page(filters, limit, skip);
    const dtos = await this.toDtos(rows, { staff: true });
    return { licences: rows.map((r) => dtos.get(r.id)!), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  /** The owner, the named broker, or staff; 404 to anyone else. */
  async get(caller: AuthUser, id: string): Promise<LicenceDto> {
    const row = await this.licences.findById(id);
    const staff = STAFF_ROLES.includes(caller.role);
    const broker = row?.supervisingBrokerId === caller.id;
    if (!row || (row.userId !== caller.id && !broker && !staff)) throw new NotFoundException(NOT_FOUND);
    return (await this.toDtos([row], { staff, members: broker ? [row.userId] : [] })).get(row.id)!;
  }

  /**
   * Admins: approve a submitted licence (409 when its number is approved for another member, when its
   * validity passed, or when a salesperson's broker is no longer licensed), reject a submitted or
   * pending one, or revoke an approved one; rejecting and revoking need a reason (`other` a note).
   */
  async review(caller: AuthUser, id: string, dto: ReviewLicenceDto): Promise<LicenceDto> {
    const reasonCodes = [...new Set(dto.reasonCodes ?? [])] as LicenceReasonCode[];
    const note = dto.note?.trim() || null;
    if (dto.status !== 'approved' && reasonCodes.length === 0) {
      throw new BadRequestException(`To ${dto.status === 'rejected' ? 'reject' : 'revoke'} a licence give at least one reason code`);
    }
    if (reasonCodes.includes('other') && !note) throw new BadRequestException('The reason "other" needs a note saying what is wrong');
    const row = await this.guardNumber(() =>
      this.transactions.run(async () => {
        const locked = await this.licences.lock(id);
        if (!locked) throw new NotFoundException(NOT_FOUND);
        if (locked.userId === caller.id) throw new ForbiddenException('You cannot review your own licence');
        const now = new Date();
        if (dto.status === 'approved') {
          if (locked.status !== 'submitted') {
            throw new ConflictException(`Only a submitted licence can be approved: this one is ${locked.status.replace(/_/g, ' ')}`);
          }
          if (locked.validUntil < manilaToday(now)) {
            throw new ConflictException(`This licence expired on ${locked.validUntil}: reject it with the reason "expired"`);
          }
          if (locked.kind === 'salesperson' && (!locked.supervisingBrokerId || !(await this.licences.approvedBrokerLicenceOf(locked.supervisingBrokerId)))) {
            throw new ConflictException('The supervising broker has no approved licence now: reject it with the reason "broker_not_licensed"');
          }
          if (await this.licences.approvedNumberHolder(locked.kind, locked.number, locked.userId)) {
            throw this.numberTaken(locked.kind, locked.number);
          }
        } else if (dto.status === 'rejected' && locked.status !== 'submitted' && locked.status !== 'pending_broker') {
          throw new ConflictException(`Only a submitted or pending licence can be rejected: this one is ${locked.status.replace(/_/g, ' ')}`);
        } else if (dto.status === 'revoked' && locked.status !== 'approved') {
          throw new ConflictException(`Only an approved licence can be revoked: this one is ${locked.status.replace(/_/g, ' ')}`);
        }
        const row = await this.licences.update(id, {
          status: dto.status,
          reasonCodes,
          reviewNote: note,
          reviewedAt: now,
          reviewedById: caller.id,
          ...(dto.status === 'approved' ? { approvedAt: now } : {}),
        });
        const [holder] = await this.users.contactsByIds([row.userId]);
        // a revocation is a decision against the licence: the event's decisions are approved and rejected
        await this.changed(row, holder?.email ?? '', caller.id, 'licence.reviewed', {
          decision: dto.status === 'approved' ? 'approved' : 'rejected',
          reasonCodes,
        });
        return row;
      }),
    );
    return (await this.toDtos([row], { staff: true })).get(row.id)!;
  }

  /** Approved licences whose validity ended before today (Manila) become expired: badge off, event. Answers how many. */
  async expireEnded(now: Date = new Date()): Promise<number> {
    const today = manilaToday(now);
    let expired = 0;
    for (;;) {
      const ids = await this.licences.approvedEndedBefore(today, 200);
      for (const id of ids) {
        const done = await this.transactions.run(async () => {
          const locked = await this.licences.lock(id);
          if (!locked || locked.status !== 'approved' || locked.validUntil >= today) return false;
          const row = await this.licences.update(id, { status: 'expired' });
          const [holder] = await this.users.contactsByIds([row.userId]);
          await this.changed(row, holder?.email ?? '', null, 'licence.expired', {});
          return true;
        });
        if (done) expired++;
      }
      if (ids.length < 200) return expired;
    }
  }

  /** The member's summary (users.licence) and the event, in the caller's transaction. */
  private async changed<T extends 'licence.submitted' | 'licence.broker_answered' | 'licence.reviewed' | 'licence.expired' | 'licence.withdrawn'>(
    row: ProfessionalLicenceRow,
    email: string,
    actorId: string | null,
    type: T,
    extra: Omit<DomainEventMap[T], 'licenceId' | 'userId' | 'email' | 'kind' | 'number'>,
  ): Promise<void> {
    await this.users.setLicence(row.userId, await this.summaryOf(row));
    await this.events.publish({
      type,
      actorId,
      entity: { kind: 'licence', id: row.id },
      data: { licenceId: row.id, userId: row.userId, email, kind: row.kind, number: row.number, ...extra },
    } as NewDomainEvent);
  }

  private async summaryOf(row: ProfessionalLicenceRow): Promise<LicenceSummaryValue> {
    const broker = row.supervisingBrokerId ? (await this.users.contactsByIds([row.supervisingBrokerId]))[0] : undefined;
    return {
      licenceId: row.id,
      kind: row.kind,
      status: row.status,
      number: row.number,
      validUntil: row.validUntil,
      supervisingBrokerId: row.supervisingBrokerId,
      supervisingBrokerName: broker ? fullName(broker) : null,
    };
  }

  /**
   * The broker a salesperson names (required for them, refused for the other kinds): another member
   * with an approved broker licence. Null for the other kinds.
   */
  private async brokerFor(caller: AuthUser, kind: string, brokerId: string | undefined, required: boolean): Promise<string | null> {
    if (kind !== 'salesperson') {
      if (brokerId !== undefined) throw new BadRequestException('Only salespersons name a supervising broker: leave supervisingBrokerId out');
      return null;
    }
    if (!brokerId) {
      if (!required) return null;
      throw new BadRequestException('A salesperson names their supervising broker (supervisingBrokerId): find them with GET /licence/brokers');
    }
    if (brokerId === caller.id) throw new BadRequestException('You cannot supervise yourself: name the licensed broker you work under');
    if (!(await this.licences.approvedBrokerLicenceOf(brokerId))) {
      throw new BadRequestException(
        'That member has no approved PRC broker licence: name a licensed broker (find them with GET /licence/brokers), or ask yours to get their licence approved first',
      );
    }
    return brokerId;
  }

  private alreadyCurrent(existing: ProfessionalLicenceRow): ConflictException {
    return new ConflictException(
      `You already have a licence on file (No. ${existing.number}, ${existing.status.replace(/_/g, ' ')}): update it or withdraw it first`,
    );
  }

  private numberTaken(kind: string, number: string): ConflictException {
    return new ConflictException(`${kind.charAt(0).toUpperCase()}${kind.slice(1)} licence No. ${number} is already approved for another member`);
  }

  /** Two creates at once: the second meets the one-current-licence index. */
  private async guardCurrent<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException('You already have a licence on file: update it or withdraw it first');
      throw err;
    }
  }

  /** Two approvals of one number at once: the second meets professional_licences_number_key. */
  private async guardNumber<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException('This licence number is already approved for another member');
      throw err;
    }
  }

  private async contacts(ids: string[]): Promise<Map<string, Contact>> {
    return new Map((await this.users.contactsByIds(ids)).map((c) => [c.id, c]));
  }

  private async dto(row: ProfessionalLicenceRow): Promise<LicenceDto> {
    return (await this.toDtos([row])).get(row.id)!;
  }

  /**
   * Licences as answers, their brokers (name, number, whether still licensed) read for all at once;
   * `members`: licence holders whose name the caller sees (the supervising broker); `staff`: the
   * holder's account and KYC summary too.
   */
  private async toDtos(rows: ProfessionalLicenceRow[], opts: { staff?: boolean; members?: string[] } = {}): Promise<Map<string, LicenceDto>> {
    const brokerIds = rows.flatMap((r) => (r.supervisingBrokerId ? [r.supervisingBrokerId] : []));
    const memberIds = opts.staff ? rows.map((r) => r.userId) : (opts.members ?? []);
    const [brokerLicences, contacts, accounts] = await Promise.all([
      this.licences.latestBrokerLicences(brokerIds),
      this.contacts([...brokerIds, ...memberIds]),
      opts.staff ? this.accounts(rows.map((r) => r.userId)) : Promise.resolve(new Map<string, UserDto>()),
    ]);
    const shownMembers = new Set(memberIds);
    return new Map(
      rows.map((r) => {
        const broker = r.supervisingBrokerId ? contacts.get(r.supervisingBrokerId) : undefined;
        const brokerLicence = r.supervisingBrokerId ? brokerLicences.get(r.supervisingBrokerId) : undefined;
        const dto: LicenceDto = {
          _id: r.id,
          userId: r.userId,
          kind: r.kind,
          number: r.number,
          validUntil: r.validUntil,
          status: r.status,
          supervisingBroker:
            r.supervisingBrokerId && broker
              ? {
                  _id: r.supervisingBrokerId,
                  firstName: broker.firstName,
                  lastName: broker.lastName,
                  // a named broker had an approved licence when named: the row stays (licences are never deleted)
                  licenceNumber: brokerLicence?.number ?? '',
                  licenceValid: brokerLicence?.status === 'approved',
                }
              : null,
          brokerConfirmedAt: iso(r.brokerConfirmedAt),
          brokerDeclinedAt: iso(r.brokerDeclinedAt),
          reasonCodes: r.reasonCodes as LicenceReasonCode[],
          reviewNote: r.reviewNote,
          submittedAt: r.submittedAt.toISOString(),
          reviewedAt: iso(r.reviewedAt),
          approvedAt: iso(r.approvedAt),
          badge: r.status === 'approved' ? licenceBadge(r.kind, r.number) : null,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        };
        const holder = contacts.get(r.userId);
        if (shownMembers.has(r.userId) && holder) dto.member = { _id: r.userId, firstName: holder.firstName, lastName: holder.lastName };
        const account = accounts.get(r.userId);
        if (opts.staff && account) {
          dto.user = {
            _id: account._id,
            firstName: account.firstName,
            lastName: account.lastName,
            email: account.email,
            type: account.type,
            isVerified: account.isVerified,
            identityVerified: account.identityVerified,
            kyc: account.kyc,
          };
          // reviewers check the number against a verified PRC ID; without one the screen warns
          dto.kycPrcIdVerified = account.kyc?.status === 'approved' && account.kyc.idType === 'prc';
        }
        return [r.id, dto];
      }),
    );
  }

  /** The holders' accounts for staff (their type, verification and KYC summary). */
  private accounts(ids: string[]): Promise<Map<string, UserDto>> {
    return this.users.staffViews(ids);
  }
}

