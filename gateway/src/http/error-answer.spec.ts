import { AuthErrors, DomainError, RequestErrors, UsernameErrors } from '@authsvc/errors';
import { NotFoundException, UnsupportedMediaTypeException } from '@nestjs/common';
import { errorAnswerOf } from './error-answer.js';

describe('errorAnswerOf', () => {
  it('answers a catalogue error thrown here as the catalogue has it', () => {
    expect(errorAnswerOf(new DomainError(AuthErrors.INVALID_EMAIL_OR_PASSWORD))).toEqual(
      AuthErrors.INVALID_EMAIL_OR_PASSWORD,
    );
    expect(errorAnswerOf(new DomainError(RequestErrors.INVALID_QUERY))).toEqual(RequestErrors.INVALID_QUERY);
  });

  it("takes a service's error by its code: the catalogue's status and message, not the reply's", () => {
    const claimed = { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'Taken', status: 409 };
    expect(errorAnswerOf(new DomainError(claimed))).toEqual(AuthErrors.USER_ALREADY_EXISTS);
    expect(errorAnswerOf(claimed)).toEqual(AuthErrors.USER_ALREADY_EXISTS);
  });

  it('keeps a status the catalogue allows for the code at some endpoints', () => {
    const lookup = new DomainError(UsernameErrors.INVALID_USERNAME, { status: 422 });
    expect(errorAnswerOf(lookup)).toEqual({ ...UsernameErrors.INVALID_USERNAME, status: 422 });
    const badLink = { code: 'INVALID_TOKEN', message: 'Invalid token', status: 401 };
    expect(errorAnswerOf(new DomainError(badLink))).toEqual({ ...AuthErrors.INVALID_TOKEN, status: 401 });
  });

  it('answers a code the catalogue does not know as unexpected', () => {
    expect(errorAnswerOf(new DomainError({ code: 'TEAPOT', message: 'I am a teapot', status: 418 }))).toBeNull();
    expect(errorAnswerOf({ code: 'TEAPOT', message: 'I am a teapot', status: 418 })).toBeNull();
  });

  it("answers Nest's unknown route as NOT_FOUND, Fastify's unparsable Content-Type as 415, anything else as unexpected", () => {
    expect(errorAnswerOf(new NotFoundException())).toEqual(RequestErrors.NOT_FOUND);
    expect(errorAnswerOf(new UnsupportedMediaTypeException())).toEqual(RequestErrors.UNSUPPORTED_MEDIA_TYPE);
    expect(errorAnswerOf(new Error('boom'))).toBeNull();
    expect(errorAnswerOf('boom')).toBeNull();
  });
});
