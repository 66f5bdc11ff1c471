import { describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import {
  ApiError,
  collectFieldErrors,
  errorMessage,
  fieldErrorLines,
  isNotFound,
  normaliseErrorBody,
} from '../src/lib/api-errors';

describe('normaliseErrorBody', () => {
  it('uses the server message when there is one', () => {
    expect(normaliseErrorBody({ message: 'Invalid email or password' })).toEqual({
      message: 'Invalid email or password',
      fieldErrors: undefined,
      code: undefined,
    });
  });

  it('falls back to the error field', () => {
    expect(normaliseErrorBody({ error: 'Quota exceeded' }).message).toBe('Quota exceeded');
  });

  it('prefers message over error', () => {
    expect(normaliseErrorBody({ message: 'A', error: 'B' }).message).toBe('A');
  });

  it('answers "Validation failed" with the field errors when neither message nor error exists', () => {
    const result = normaliseErrorBody({
      email: ['Enter a valid email.', 'Too long.'],
      password: ['Too short.'],
    });
    expect(result.message).toBe(MSG.validationFailed);
    expect(result.fieldErrors).toEqual({
      email: 'Enter a valid email., Too long.',
      password: 'Too short.',
    });
  });

  it('joins the messages of each field with ", "', () => {
    const result = normaliseErrorBody({
      message: 'Validation failed',
      errors: { name: ['a', 'b', 'c'] },
    });
    expect(result.fieldErrors).toEqual({ name: 'a, b, c' });
    expect(result.message).toBe('Validation failed');
  });

  it('keeps the server message and attaches the errors map', () => {
    const result = normaliseErrorBody({
      message: 'Please fix these',
      errors: { firstName: ['Too long'] },
    });
    expect(result).toMatchObject({
      message: 'Please fix these',
      fieldErrors: { firstName: 'Too long' },
    });
  });

  it('answers "An error occurred" for bodies without anything usable', () => {
    expect(normaliseErrorBody({}).message).toBe(MSG.anErrorOccurred);
    expect(normaliseErrorBody(null).message).toBe(MSG.anErrorOccurred);
    expect(normaliseErrorBody('<html>502 Bad Gateway</html>').message).toBe(MSG.anErrorOccurred);
    expect(normaliseErrorBody([]).message).toBe(MSG.anErrorOccurred);
    expect(normaliseErrorBody({ message: '' }).message).toBe(MSG.anErrorOccurred);
  });

  it('keeps a machine code such as email_not_verified', () => {
    const result = normaliseErrorBody({ message: 'Verify first', code: 'email_not_verified' });
    expect(result.code).toBe('email_not_verified');
  });

  it('ignores non-message fields (numbers, objects, empty arrays)', () => {
    expect(collectFieldErrors({ count: 3, nested: { a: 1 }, empty: [] })).toBeUndefined();
  });
});

describe('ApiError', () => {
  it('carries status, field errors and the validation flag', () => {
    const error = new ApiError(400, {
      message: 'Validation failed',
      fieldErrors: { email: 'Taken' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.isValidation).toBe(true);
    expect(new ApiError(401, { message: 'No' }).isValidation).toBe(false);
  });

  it('formats "field: message" lines for toasts', () => {
    expect(fieldErrorLines({ email: 'Taken', password: 'Too short' })).toEqual([
      'email: Taken',
      'password: Too short',
    ]);
  });

  it('errorMessage falls back for non-errors', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('nope', 'Fallback')).toBe('Fallback');
    expect(errorMessage(undefined)).toBe(MSG.anErrorOccurred);
  });
});

describe('isNotFound', () => {
  const refused = (status: number, body: Record<string, unknown>) =>
    new ApiError(status, normaliseErrorBody(body), body);

  it('takes a 404, and a 400 that refuses the id of the address', () => {
    expect(isNotFound(refused(404, { message: 'Not found' }))).toBe(true);
    expect(isNotFound(refused(400, { errors: { id: ['Not a valid project id'] } }))).toBe(true);
    expect(isNotFound(refused(400, { errors: { project: ['Not a valid project id'] } }))).toBe(
      true,
    );
  });

  it('leaves other refusals and failures alone', () => {
    expect(isNotFound(refused(400, { errors: { name: ['Name is required'] } }))).toBe(false);
    expect(isNotFound(refused(403, { message: 'Forbidden' }))).toBe(false);
    expect(isNotFound(new Error('offline'))).toBe(false);
  });
});
