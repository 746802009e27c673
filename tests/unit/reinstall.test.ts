/** The reinstall rules shared by the form and POST /installations/{id} (common/reinstall.ts). */
import { describe, expect, it } from 'vitest';
import {
  latitudeRule,
  longitudeRule,
  reinstallFactorErrors,
  reinstallProblems,
  roundCoordinate,
} from '../../common/reinstall';
import type { RuleMessage } from '../../common/validation';

/** A map of rule messages as their English (what the server answers). */
const english = (errors: Record<string, RuleMessage> | undefined) =>
  errors && Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, m.en]));

const base = { previousInstallationId: null, lat: 50, lon: 19, contractorId: 1, visible: true };

describe('reinstall rules', () => {
  it('coordinates: required, numeric (a decimal comma counts), within range; rounded to 6 decimals', () => {
    expect(latitudeRule('')?.en).toBe('It is required');
    expect(latitudeRule('north')?.en).toBe('It must be numeric');
    expect(latitudeRule('50,5')).toBeUndefined();
    expect(latitudeRule('-91')?.en).toBe('It must be greater than -91');
    expect(longitudeRule('180')).toBeUndefined();
    expect(longitudeRule('180.5')?.en).toBe('It must be less than 181');
    expect(roundCoordinate(50.0571234567)).toBe(50.057123);
  });

  it('factors: B defaults to 1, so A and C go together; all empty is fine; each must be a number', () => {
    expect(reinstallFactorErrors({})).toBeUndefined();
    expect(reinstallFactorErrors({ A: '0', C: '1' })).toBeUndefined();
    expect(english(reinstallFactorErrors({ A: '0' }))).toEqual({ C: 'All factors must be filled' });
    expect(english(reinstallFactorErrors({ B: '2' }))).toEqual({
      A: 'All factors must be filled',
      C: 'All factors must be filled',
    });
    expect(english(reinstallFactorErrors({ A: 'x', B: '1', C: '0' }))).toEqual({ A: 'It must be a float' });
  });

  it('the server’s problems name their fields', () => {
    expect(reinstallProblems(base)).toEqual([]);
    expect(
      reinstallProblems({
        ...base,
        email: 'nope',
        phoneNumber: '600 000',
        factors: { pm25: { A: 1, B: null, C: null }, pm10: { A: null, B: null, C: null } },
      }),
    ).toEqual([
      'email: Not a valid email',
      'phoneNumber: Country code required (+)',
      'factors.pm25: All factors must be filled',
    ]);
    // Blank contact fields are not checked (they are stored as nothing).
    expect(reinstallProblems({ ...base, email: '  ', phoneNumber: '' })).toEqual([]);
  });
});
