import PDFDocument from 'pdfkit';
import { CARD_BRAND_LABELS, type CardBrand } from '@teamhire/shared';

export interface ReceiptContent {
  marketplaceName: string;
  paymentId: number;
  orderId: number;
  packageTitle: string;
  teamName: string;
  buyerName: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  method: 'credit_card' | 'paypal';
  cardBrand: CardBrand | null;
  cardLastFour: string | null;
  paidAt: Date;
}

const money = (cents: number, currency: string) => `$${(cents / 100).toFixed(2)} ${currency}`;

function methodLine(content: ReceiptContent) {
  if (content.method === 'paypal') return 'PayPal';
  const brand = content.cardBrand ? CARD_BRAND_LABELS[content.cardBrand] : 'Card';
  return content.cardLastFour ? `${brand} ending in ${content.cardLastFour}` : brand;
}

/** One A4 page with the standard PDF fonts, so no font file has to ship with the server. */
export function renderReceipt(content: ReceiptContent): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${content.marketplaceName} receipt ${content.paymentId}`,
      Author: content.marketplaceName,
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.font('Helvetica-Bold').fontSize(22).text(content.marketplaceName);
  document.moveDown(0.3).font('Helvetica').fontSize(14).fillColor('#555555').text('Payment receipt');
  document.moveDown(1.5).fillColor('#000000').fontSize(11);
  const rows: [string, string][] = [
    ['Receipt', `#${content.paymentId}`],
    ['Date', content.paidAt.toISOString().slice(0, 10)],
    ['Billed to', content.buyerName],
    ['Order', `#${content.orderId}`],
    ['Package', content.packageTitle],
    ['Team', content.teamName],
    ['Payment method', methodLine(content)],
    ['Amount paid', money(content.amountCents, content.currency)],
    ...(content.refundedCents > 0
      ? ([['Refunded', money(content.refundedCents, content.currency)]] as [string, string][])
      : []),
  ];
  for (const [label, value] of rows) {
    const top = document.y;
    document.font('Helvetica-Bold').text(label, 56, top, { width: 140 });
    document.font('Helvetica').text(value, 200, top, { width: 340 });
    document.moveDown(0.6);
  }
  document
    .moveDown(2)
    .fontSize(9)
    .fillColor('#555555')
    .text(
      `${content.marketplaceName} holds the payment until the order is completed, then pays the team. Keep this receipt for your records.`,
      56,
      document.y,
      { width: 480 },
    );
  document.end();
  return done;
}
