import { given } from '../testing/given-when';
import { loginTokenDecider } from './login-token.decider';
import type { LoginTokenEvent } from '@tracker/contracts';

const issued: LoginTokenEvent = { type: 'LoginTokenIssued', data: { tokenId: 3, userId: 7, tokenHash: 'cd34', ip: '10.0.0.1' } };

describe('login token decider', () => {
  it('given nothing, when issued, then issued', () => {
    expect(given(loginTokenDecider, []).when({ kind: 'IssueLoginToken', tokenId: 3, userId: 7, tokenHash: 'cd34', ip: '10.0.0.1' })).toEqual([issued]);
  });

  it('given an active token, when logged out, then logged out; a second logout changes nothing', () => {
    expect(given(loginTokenDecider, [issued]).when({ kind: 'LogOut' })).toEqual([{ type: 'LoggedOut', data: {} }]);
    expect(given(loginTokenDecider, [issued, { type: 'LoggedOut', data: {} }]).when({ kind: 'LogOut' })).toEqual([]);
  });

  it('given an issued token, when issued again, then refused', () => {
    expect(given(loginTokenDecider, [issued]).when({ kind: 'IssueLoginToken', tokenId: 3, userId: 7, tokenHash: 'x', ip: null })).toMatchObject({
      code: 32000,
    });
  });
});
