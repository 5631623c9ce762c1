import PDFDocument from 'pdfkit';
import { PAYMENT_METHOD_LABELS, formatCentavos } from '@app/domain';
import type { PaymentRow } from '@app/db';

export interface ReceiptSeller {
  sellerName: string;
  sellerAddress: string;
  sellerTin: string;
}

/** VAT-inclusive amounts split as on a Philippine official receipt (12 % VAT). */
export function vatBreakdown(totalCentavos: number): { vatableCentavos: number; vatCentavos: number } {
  const vatable = Math.round(totalCentavos / 1.12);
  return { vatableCentavos: vatable, vatCentavos: totalCentavos - vatable };
}

const manilaDate = (d: Date) =>
  new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'long', timeStyle: 'short' }).format(d);

/** PDF money: the standard PDF fonts have no ₱ sign, so amounts read "PHP 1,500.00". */
const money = (centavos: number) => formatCentavos(centavos).replace('₱', 'PHP ');

/**
 * An official-receipt-style PDF of a paid payment (pdfkit, standard fonts): seller, receipt number
 * and date, payer, the item, the VAT split, how it was paid and the references. A refunded payment's
 * receipt says so.
 */
export function renderReceipt(p: PaymentRow, seller: ReceiptSeller): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: `Official receipt ${p.receiptNumber}`, Author: seller.sellerName } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const width = doc.page.width - 80;
    doc.font('Helvetica-Bold').fontSize(14).text(seller.sellerName, { align: 'center' });
    doc.font('Helvetica').fontSize(8).text(seller.sellerAddress, { align: 'center' }).text(`VAT Reg. TIN ${seller.sellerTin}`, { align: 'center' });
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).text('OFFICIAL RECEIPT', { align: 'center' });
    doc.font('Helvetica').fontSize(9).text(`No. ${p.receiptNumber}`, { align: 'center' });
    if (p.status === 'refunded') doc.fillColor('#b00020').text('REFUNDED', { align: 'center' }).fillColor('black');
    doc.moveDown(0.8);

    const row = (label: string, value: string) => {
      const y = doc.y;
      doc.font('Helvetica').fontSize(9).text(label, 40, y, { width: width * 0.38 });
      doc.font('Helvetica-Bold').text(value, 40 + width * 0.4, y, { width: width * 0.6 });
      doc.moveDown(0.3);
    };
    row('Date paid', manilaDate(p.paidAt ?? p.updatedAt));
    row('Received from', p.payerName);
    row('E-mail', p.payerEmail);
    row('Payment reference', p.reference);
    row('Paid with', `${PAYMENT_METHOD_LABELS[p.method]}${p.provider === 'sandbox' ? ' (sandbox: no money moved)' : ''}`);
    if (p.providerPaymentId) row('Provider transaction', p.providerPaymentId);
    doc.moveDown(0.6);

    doc.moveTo(40, doc.y).lineTo(40 + width, doc.y).stroke();
    doc.moveDown(0.4);
    row('Description', p.description);
    if (p.prorationCentavos > 0) row('Less unused period', `- ${money(p.prorationCentavos)}`);
    const { vatableCentavos, vatCentavos } = vatBreakdown(p.amountCentavos);
    row('VATable sales', money(vatableCentavos));
    row('VAT (12%)', money(vatCentavos));
    doc.moveTo(40, doc.y).lineTo(40 + width, doc.y).stroke();
    doc.moveDown(0.4);
    row('TOTAL AMOUNT PAID', money(p.amountCentavos));
    doc.moveDown(1.2);
    doc.font('Helvetica').fontSize(7).fillColor('#555555').text(
      'This receipt is issued electronically by Tahanan for a payment received through the provider named above. Keep it for your records.',
      40,
      doc.y,
      { width, align: 'center' },
    );
    doc.end();
  });
}
