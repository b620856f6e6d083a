// What the reliability benches (one of each member, and two of each) share: the car photo the
// sellers upload, how a fault's window is read, and the final e-mail audit once the load stopped.
import sharp from 'sharp';
import { auditMail, readStoredState, type MailAudit } from './load-audit';
import type { CallRecord } from './load-client';
import type { World } from './load-mixed';
import { round } from './bench-tools';
import { statusCounts } from './load-stats';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A noisy 600 x 400 JPEG of about 60 KB, the size of a phone photo after the wizard's resize. */
export async function photoOfAbout60KB(): Promise<string> {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2_654_435_761) >>> 24;
  let quality = 70;
  let jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
  while (jpeg.length > 60 * 1024 && quality > 10) jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: (quality -= 5) }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * The gateway's answers for a member that is down: 503 when nothing reached it, 502 when it was
 * killed holding a request (which it may have carried out).
 */
export const isDownedMemberAnswer = (status: number) => status === 502 || status === 503;

/** Status counts per kind of request, probes left out. */
export function statusesByKind(records: CallRecord[]): Record<string, Record<string, number>> {
  const kinds = [...new Set(records.map((record) => record.kind))].filter((kind) => !kind.startsWith('probe-'));
  return Object.fromEntries(kinds.map((kind) => [kind, statusCounts(records.filter((record) => record.kind === kind))]));
}

export type MailContext = Parameters<typeof auditMail>[3];

/**
 * With no load running (the stored state no longer changes), compares the inbox with what that state
 * calls for until no e-mail is missing (or the time is up); then a moment more for late duplicates.
 */
export async function settleMail(world: World, context: MailContext, timeoutMs: number): Promise<{ audit: MailAudit; waitedSeconds: number; settledAt: number }> {
  const started = performance.now();
  const state = await readStoredState(world);
  let audit: MailAudit;
  for (;;) {
    audit = auditMail(world.inbox, world.ledger, state, context);
    if (audit.lost === 0 || performance.now() - started > timeoutMs) break;
    await sleep(1_000);
  }
  const settledAt = performance.now();
  // A redelivered job would send its copy a moment later; give it the time to show.
  await sleep(10_000);
  return { audit: auditMail(world.inbox, world.ledger, state, context), waitedSeconds: round((settledAt - started) / 1000), settledAt };
}
