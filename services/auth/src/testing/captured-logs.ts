import { pino, type Logger } from 'pino';

/** A logger at the most verbose level, without redaction, keeping every line it writes. */
export function createCapturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
