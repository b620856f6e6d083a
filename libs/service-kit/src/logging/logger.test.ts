import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger', () => {
  it('When domain code logs an input with secrets, then passwords, codes and photos are redacted but error codes stay', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ name: 'test', level: 'info' }, stream);

    logger.info({ input: { email: 'a@example.com', password: 'hunter22', code: '123456', photos: ['data:image/jpeg;base64,AAAA'] }, err: { code: 'ECONNREFUSED' } }, 'logged');

    const line = lines.join('');
    expect(line).toContain('a@example.com');
    expect(line).toContain('ECONNREFUSED');
    expect(line).not.toContain('hunter22');
    expect(line).not.toContain('123456');
    expect(line).not.toContain('base64');
  });
});
