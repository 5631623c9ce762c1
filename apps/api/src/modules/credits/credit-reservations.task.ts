import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { CreditsService } from './credits.service';

/** Gives back credits held by work that never finished (its process died), every minute. */
@MaintenanceTask({ name: 'credit-reservations', everyMs: 60 * 1000 })
@Injectable()
export class CreditReservationsTask implements MaintenanceTaskHandler {
  constructor(private readonly credits: CreditsService) {}

  run(): Promise<number> {
    return this.credits.refundOverdue();
  }
}
