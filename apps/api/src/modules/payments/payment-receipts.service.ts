import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { PaymentsService } from './payments.service';
import { renderReceipt } from './receipt-pdf';

/** Receipts of paid payments, drawn on request (the payment row holds everything on it). */
@Injectable()
export class PaymentReceiptsService {
  constructor(
    private readonly payments: PaymentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receipt(caller: AuthUser, id: string): Promise<{ pdf: Buffer; fileName: string }> {
    const row = await this.payments.forReceipt(caller, id);
    const pdf = await renderReceipt(row, this.config.receipts);
    return { pdf, fileName: `Tahanan-${row.receiptNumber}.pdf` };
  }
}
