import { assertNever, type Decider, type DomainError, type LoginTokenEvent } from '@tracker/contracts';
import { IDENTITY_LIMITS } from '../identity-limits';
import { IdentityErrors } from '../identity.errors';

/** A logged-out token still names its user: whose cached credentials its logout ends. */
export type LoginTokenState =
  | { readonly status: 'absent' }
  | { readonly status: 'active'; readonly userId: number }
  | { readonly status: 'loggedOut'; readonly userId: number | null };

export type LoginTokenCommand =
  | {
      readonly kind: 'IssueLoginToken';
      readonly tokenId: number;
      readonly userId: number;
      readonly tokenHash: string;
      readonly ip: string | null;
    }
  | { readonly kind: 'LogOut' };

/** A token is issued once and dies at logout; logging out twice changes nothing. */
export const loginTokenDecider: Decider<LoginTokenState, LoginTokenCommand, LoginTokenEvent> = {
  initialState: (): LoginTokenState => ({ status: 'absent' }),
  evolve: (state: LoginTokenState, event: LoginTokenEvent): LoginTokenState => {
    switch (event.type) {
      case 'LoginTokenIssued':
        return { status: 'active', userId: event.data.userId };
      case 'LoggedOut':
        return { status: 'loggedOut', userId: state.status === 'absent' ? null : state.userId };
    }
  },
  decide: (command: LoginTokenCommand, state: LoginTokenState): readonly LoginTokenEvent[] | DomainError => {
    switch (command.kind) {
      case 'IssueLoginToken': {
        if (state.status !== 'absent') return IdentityErrors.invalidCookiesOrToken();
        const { tokenId, userId, tokenHash } = command;
        // the address is the transport's word, not the caller's: a longer one is recorded cut, never refused
        const ip = command.ip === null ? null : command.ip.slice(0, IDENTITY_LIMITS.addressLength);
        return [{ type: 'LoginTokenIssued', data: { tokenId, userId, tokenHash, ip } }];
      }
      case 'LogOut':
        return state.status === 'active' ? [{ type: 'LoggedOut', data: {} }] : [];
      default:
        return assertNever(command, 'login token command');
    }
  },
};
