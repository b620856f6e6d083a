import ICAL from 'ical.js';
import { PDFParse } from 'pdf-parse';

export interface ParsedInvite {
  method: string;
  uid: string;
  sequence: number;
  start: string;
  end: string;
  location: string;
  summary: string;
  organizer: string;
  attendees: Array<{ name: string; email: string }>;
}

/** A calendar invitation read back by a real iCalendar parser, as a mail app would. */
export function parseInvite(icsText: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(icsText));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('The invitation holds no event');
  const event = new ICAL.Event(vevent);
  const mailto = (value: unknown) => String(value).replace(/^mailto:/i, '');
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    location: event.location,
    summary: event.summary,
    organizer: mailto(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent.getAllProperties('attendee').map((attendee) => ({ name: String(attendee.getParameter('cn')), email: mailto(attendee.getFirstValue()) })),
  };
}

/** The text of a PDF, extracted as a reader's copy-and-paste would get it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
