import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first two names', () => {
    expect(initials('Ana Souza')).toBe('AS');
    expect(initials('  ana  maria souza ')).toBe('AM');
    expect(initials('Ítalo')).toBe('Í');
  });
});
