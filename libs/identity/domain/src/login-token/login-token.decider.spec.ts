import { deciderSpec } from '@tracker/testing';
import type { LoginTokenEvent } from '@tracker/contracts';
import { loginTokenDecider } from './login-token.decider';

const loginToken = deciderSpec(loginTokenDecider);

const issued: LoginTokenEvent = { type: 'LoginTokenIssued', data: { tokenId: 3, userId: 7, tokenHash: 'cd34', ip: '10.0.0.1' } };

describe('login token decider', () => {
  it('given nothing, when issued, then issued', () => {
    loginToken.given().when({ kind: 'IssueLoginToken', tokenId: 3, userId: 7, tokenHash: 'cd34', ip: '10.0.0.1' }).then([issued]);
  });

  it('given an active token, when logged out, then logged out; a second logout changes nothing', () => {
    loginToken
      .given(issued)
      .when({ kind: 'LogOut' })
      .then([{ type: 'LoggedOut', data: {} }]);
    loginToken.given(issued, { type: 'LoggedOut', data: {} }).when({ kind: 'LogOut' }).then([]);
  });

  it('given an issued token, when issued again, then refused', () => {
    loginToken.given(issued).when({ kind: 'IssueLoginToken', tokenId: 3, userId: 7, tokenHash: 'x', ip: null }).thenRefuses(32000);
  });
});
