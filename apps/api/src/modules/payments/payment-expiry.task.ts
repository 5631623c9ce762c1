import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { PaymentsService } from './payments.service';

/** Every minute: payments left open past their provider's expiry are asked about once more, then closed. */
@MaintenanceTask({ name: 'payment-expiry', everyMs: 60 * 1000 })
@Injectable()
export class PaymentExpiryTask implements MaintenanceTaskHandler {
  constructor(private readonly payments: PaymentsService) {}

  run(): Promise<number> {
    return this.payments.expireOverdue();
  }
}
