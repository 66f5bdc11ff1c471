import { describe, expect, it } from 'vitest';
import { META_VARIABLES } from '@cityforge/shared';
import { insertAtCursor } from '../src/features/projects/meta-variables';

describe('inserting a meta variable at the caret', () => {
  it('inserts at the caret and puts the caret after the variable', () => {
    expect(insertAtCursor('Roofing in , TX', 11, 11, '{city}')).toEqual({
      value: 'Roofing in {city}, TX',
      cursor: 17,
    });
  });

  it('replaces a selection', () => {
    expect(insertAtCursor('Serving Austin today', 8, 14, '{city}')).toEqual({
      value: 'Serving {city} today',
      cursor: 14,
    });
  });

  it('appends when the box reports no caret, and clamps positions out of range', () => {
    expect(insertAtCursor('ZIPs: ', null, null, '{zips}')).toEqual({
      value: 'ZIPs: {zips}',
      cursor: 12,
    });
    expect(insertAtCursor('abc', 99, 120, '{state_id}').value).toBe('abc{state_id}');
    expect(insertAtCursor('abc', -4, -1, '{state_name}').value).toBe('{state_name}abc');
    // An end before the start is an empty selection at the start.
    expect(insertAtCursor('abc', 2, 1, 'X')).toEqual({ value: 'abXc', cursor: 3 });
  });

  it('works for every variable of the spec, into an empty box', () => {
    expect(META_VARIABLES).toEqual(['{city}', '{state_id}', '{state_name}', '{zips}', '{service}']);
    for (const variable of META_VARIABLES) {
      expect(insertAtCursor('', 0, 0, variable)).toEqual({
        value: variable,
        cursor: variable.length,
      });
    }
  });
});
