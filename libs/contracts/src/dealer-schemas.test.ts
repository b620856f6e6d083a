import { describe, expect, it } from 'vitest';
import { ownRecordsQuerySchema, resetPasswordFormSchema } from './index';

describe('ownRecordsQuerySchema', () => {
  it('When ids come comma-separated or as repeated parameters, then they form one list without blanks or duplicates', () => {
    expect(ownRecordsQuerySchema.parse({ vehicleIds: 'a1, b2,,a1' }).vehicleIds).toEqual(['a1', 'b2']);
    expect(ownRecordsQuerySchema.parse({ vehicleIds: ['a1', 'b2,c3'] }).vehicleIds).toEqual(['a1', 'b2', 'c3']);
  });

  it('When no id or more than 100 are given, then it names the rule', () => {
    const message = 'List 1 to 100 vehicle ids, separated by commas';
    const tooMany = Array.from({ length: 101 }, (_, index) => `id${index}`).join(',');
    for (const vehicleIds of [undefined, '', ' , ', tooMany]) {
      const result = ownRecordsQuerySchema.safeParse({ vehicleIds });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(ownRecordsQuerySchema.safeParse({ vehicleIds: Array.from({ length: 100 }, (_, index) => `id${index}`).join(',') }).success).toBe(true);
  });
});

describe('resetPasswordFormSchema', () => {
  it('When the confirmation differs, then "Passwords do not match" is on the confirmation field', () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'secret-1', confirmPassword: 'secret-2' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['confirmPassword', 'Passwords do not match']]);
  });

  it('When a password is shorter than 6 characters, then the spec message is given', () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'abc', confirmPassword: 'abc' });
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
  });
});
