import { DomainError } from '@authsvc/errors';
import { refuseSystemUserFields } from './system-user-fields.js';

describe('fields only the system sets', () => {
  it('refuses a body that sets one, naming it', () => {
    let refused: unknown;
    try {
      refuseSystemUserFields({ banned: false });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: 'FIELD_NOT_ALLOWED',
      status: 400,
      message: 'banned is not allowed to be set',
    });
  });

  it('lets a body without them pass', () => {
    expect(() => refuseSystemUserFields({})).not.toThrow();
  });
});
