import { makeProfile, makeUser } from '../../../test/auth-fixtures';
import { displayName } from './display-name';

describe('displayName', () => {
  it('prefers the profile name, then the e-mail local part, else nothing', () => {
    expect(displayName(makeProfile({ name: 'Ana García' }), makeUser())).toBe('Ana García');
    expect(displayName(makeProfile({ name: '  ' }), makeUser())).toBe('ana.garcia');
    expect(displayName(null, makeUser({ email: 'bob@example.com' }))).toBe('bob');
    expect(displayName(null, null)).toBeNull();
    expect(displayName(null, makeUser({ email: '' }))).toBeNull();
  });
});
