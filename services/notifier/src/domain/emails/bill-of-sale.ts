import PDFDocument from 'pdfkit';
import { makeLabel, modelLabel, type EventPayloads } from '@cardirect/contracts';
import { formatDollars, formatLongDate, formatMiles } from './format';
import { PRODUCT_NAME, type EmailAttachment } from './layout';
import { timeZoneOfZip } from './time-zone';

type DealCompleted = EventPayloads['deal.completed'];

/** What the bill of sale says when the seller gave no VIN: the field stays, so nobody adds one unseen. */
export const VIN_NOT_GIVEN = 'not given';

const MARGIN = 64;
const LABEL_WIDTH = 120;

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * "bill-of-sale-2019-toyota-camry-2026-12-03.pdf": the car and the day of the sale (the day the
 * document says, in the car's zone), so a folder of them sorts and reads.
 */
export function billOfSaleFilename(deal: DealCompleted): string {
  const { vehicle } = deal;
  const car = slug(`${vehicle.year} ${vehicle.makeName ?? makeLabel(vehicle.make)} ${vehicle.modelName ?? modelLabel(vehicle.model)}`);
  // en-CA writes dates as YYYY-MM-DD.
  const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: timeZoneOfZip(deal.zipCode) }).format(new Date(deal.completedAt));
  return `bill-of-sale-${car}-${day}.pdf`;
}

function section(doc: PDFKit.PDFDocument, title: string, rows: Array<[string, string | undefined]>): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(title, MARGIN).moveDown(0.3).fontSize(11);
  for (const [label, value] of rows) {
    if (value === undefined || value === '') continue;
    const top = doc.y;
    doc.font('Helvetica').fillColor('#555555').text(label, MARGIN, top, { width: LABEL_WIDTH });
    doc.font('Helvetica').fillColor('#000000').text(value, MARGIN + LABEL_WIDTH, top, { width: doc.page.width - 2 * MARGIN - LABEL_WIDTH });
    doc.moveDown(0.2);
  }
}

function signatureLine(doc: PDFKit.PDFDocument, role: string, printedName: string): void {
  const lineWidth = 260;
  const dateX = MARGIN + lineWidth + 40;
  doc.moveDown(2.2);
  const top = doc.y;
  doc.moveTo(MARGIN, top).lineTo(MARGIN + lineWidth, top).moveTo(dateX, top).lineTo(doc.page.width - MARGIN, top).lineWidth(0.7).stroke();
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`${role}'s signature`, MARGIN, top + 4, { width: lineWidth });
  doc.text('Date', dateX, top + 4);
  doc.font('Helvetica').fontSize(11).fillColor('#000000').text(`Printed name: ${printedName}`, MARGIN, doc.y + 2, { width: lineWidth + 200 });
}

/** The document's bytes once it is ended; listening starts before anything is drawn, so no chunk is missed. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The bill of sale both parties get once the sale completes: the parties, the car, the final price,
 * the date (the day in the car's time zone) and lines to sign. The standard PDF fonts keep the file
 * a few KB (it waits in a Redis job) and its text extractable; the creation date is the completion's,
 * so the same event always gives the same bytes.
 */
export async function billOfSalePdf(deal: DealCompleted): Promise<Buffer> {
  const { vehicle, seller, dealer } = deal;
  const saleDate = formatLongDate(deal.completedAt, timeZoneOfZip(deal.zipCode));
  const priceChanged = deal.finalPrice !== deal.agreedPrice;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: 'Bill of Sale', Author: PRODUCT_NAME, Subject: `Deal ${deal.dealId}`, CreationDate: new Date(deal.completedAt) },
  });
  const bytes = bytesOf(doc);

  doc.font('Helvetica-Bold').fontSize(24).text('Bill of Sale', MARGIN);
  doc.font('Helvetica').fontSize(11).fillColor('#555555').text(`Date of sale: ${saleDate}    Reference: ${deal.dealId}`).fillColor('#000000');

  section(doc, 'Seller', [
    ['Name', seller.fullName],
    ['E-mail', seller.email],
    ['Phone', seller.phone],
    ['Address', deal.sellerAddress],
  ]);
  section(doc, 'Buyer', [
    ['Dealership', dealer.dealershipName],
    ['E-mail', dealer.email],
    ['Phone', dealer.phone],
    ['Address', deal.dealerAddress],
  ]);
  section(doc, 'Vehicle', [
    ['VIN', deal.vin?.trim() ? deal.vin : VIN_NOT_GIVEN],
    ['Year', String(vehicle.year)],
    ['Make', vehicle.makeName ?? makeLabel(vehicle.make)],
    ['Model', vehicle.modelName ?? modelLabel(vehicle.model)],
    ['Trim', vehicle.trim],
    ['Mileage', formatMiles(deal.mileage)],
  ]);
  section(doc, 'Price', [
    ['Final price', formatDollars(deal.finalPrice)],
    ['Agreed price', priceChanged ? `${formatDollars(deal.agreedPrice)} (lowered at the hand-over, with the seller's consent)` : undefined],
  ]);

  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `The seller sells the vehicle described above to the buyer for the final price, and the buyer buys it. The seller states that the mileage above is, to the best of the seller's knowledge, the vehicle's actual mileage. The sale was arranged through ${PRODUCT_NAME}, which is not a party to it.`,
      MARGIN,
      doc.y,
      { width: doc.page.width - 2 * MARGIN, align: 'left' },
    );

  signatureLine(doc, 'Seller', seller.fullName);
  signatureLine(doc, 'Buyer', dealer.dealershipName);

  doc.end();
  return bytes;
}

export async function billOfSaleAttachment(deal: DealCompleted): Promise<EmailAttachment> {
  const pdf = await billOfSalePdf(deal);
  return { filename: billOfSaleFilename(deal), contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
}
