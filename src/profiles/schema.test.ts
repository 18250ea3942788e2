import { describe, expect, it } from 'vitest';
import { getProfile } from '.';
import { inputSchemaFor } from './schema';
import { readInput } from '../tools/read/schema';

describe('inputSchemaFor', () => {
  const input = { file_path: '/p/a.txt', allow_large: true };

  it('refuses a parameter the version does not offer as an unexpected parameter', () => {
    const r = inputSchemaFor('Read', readInput, getProfile('2.1.273')).safeParse(input);
    expect(
      r.success ? [] : r.error.issues.map((i) => ({ code: i.code, keys: 'keys' in i ? i.keys : undefined })),
    ).toEqual([{ code: 'unrecognized_keys', keys: ['allow_large'] }]);
  });

  it('takes it where the version offers it', () => {
    expect(inputSchemaFor('Read', readInput, getProfile('2.1.332')).safeParse(input)).toEqual({
      success: true,
      data: input,
    });
  });
});
