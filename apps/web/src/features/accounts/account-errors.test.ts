import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { loginFailureMessage, registrationFailure } from './account-errors';

describe('registrationFailure', () => {
  const prefix = 'Registration failed. ';

  it('maps each login and registration failure to its text', () => {
    expect(registrationFailure(new NetworkError()).message).toBe(
      prefix + ACCOUNT_TEXTS.registrationConnection,
    );
    expect(registrationFailure(new ApiError(500, 'boom')).message).toBe(
      prefix + ACCOUNT_TEXTS.registrationServer,
    );
    expect(registrationFailure(new ApiError(422, 'bad')).message).toBe(
      prefix + ACCOUNT_TEXTS.registrationInvalid,
    );
    expect(registrationFailure(new ApiError(400, 'Nope')).message).toBe(`${prefix}Nope`);
    expect(registrationFailure(new ApiError(400, null)).message).toBe(
      prefix + ACCOUNT_TEXTS.registrationUnknown,
    );
    expect(registrationFailure(new Error('odd')).message).toBe(`${prefix}odd`);
    expect(registrationFailure('?').message).toBe(ACCOUNT_TEXTS.registrationFailed);
  });

  it('turns a taken username or email into a field error', () => {
    expect(
      registrationFailure(
        new ApiError(409, ACCOUNT_TEXTS.emailTaken, [
          { path: 'body.email', message: ACCOUNT_TEXTS.emailTaken },
        ]),
      ),
    ).toEqual({ message: null, fieldErrors: [{ field: 'email', message: ACCOUNT_TEXTS.emailTaken }] });
    expect(registrationFailure(new ApiError(409, ACCOUNT_TEXTS.usernameTaken, [], 'username_taken'))).toEqual(
      {
        message: null,
        fieldErrors: [{ field: 'username', message: ACCOUNT_TEXTS.usernameTaken }],
      },
    );
  });

  it('finds the taken field by the code, whatever the words', () => {
    expect(registrationFailure(new ApiError(409, 'That one is gone', [], 'email_taken'))).toEqual({
      message: null,
      fieldErrors: [{ field: 'email', message: 'That one is gone' }],
    });
    expect(registrationFailure(new ApiError(409, null, [], 'username_taken'))).toEqual({
      message: null,
      fieldErrors: [{ field: 'username', message: ACCOUNT_TEXTS.usernameTaken }],
    });
    // The words of a taken username under another code are only shown.
    expect(registrationFailure(new ApiError(409, ACCOUNT_TEXTS.usernameTaken, [], 'conflict'))).toEqual({
      message: `Registration failed. ${ACCOUNT_TEXTS.usernameTaken}`,
      fieldErrors: [],
    });
  });

  it('keeps the field errors of a 422 next to the message', () => {
    expect(
      registrationFailure(new ApiError(422, 'x', [{ path: 'body.password', message: 'Too long' }]))
        .fieldErrors,
    ).toEqual([{ field: 'password', message: 'Too long' }]);
  });
});

describe('loginFailureMessage', () => {
  it("uses the server's text, else 'Login failed'", () => {
    expect(loginFailureMessage(new ApiError(401, ACCOUNT_TEXTS.invalidCredentials))).toBe(
      ACCOUNT_TEXTS.invalidCredentials,
    );
    expect(loginFailureMessage(new ApiError(500, null))).toBe('Login failed');
    expect(loginFailureMessage(new NetworkError())).toBe('Backend server not available...');
  });
});
