import type { UserRef, WatchListSet } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { type ChangeWatchList, watchListDecider } from './watch-list.decider';

const watchList = deciderSpec(watchListDecider);
const ref = (id: number): UserRef => ({ id, login: `u${id}@example.com` });
const change = (add: readonly number[], remove: readonly number[] = []): ChangeWatchList => ({
  kind: 'ChangeWatchList',
  userId: 7,
  add: add.map(ref),
  remove: remove.map(ref),
});
const watching = (...watchedIds: number[]): WatchListSet => ({ type: 'WatchListSet', data: { userId: 7, watchedIds } });

describe('watch list decider: PUT /rest/user/{id}/watch', () => {
  it('nobody is watched before the first event; the event carries the whole list, ascending', () => {
    expect(watchList.given().state).toEqual({ watchedIds: [] });
    watchList
      .given()
      .when(change([3, 1]))
      .then([watching(1, 3)]);
    expect(watchList.given(watching(1, 3)).state).toEqual({ watchedIds: [1, 3] });
  });

  it('adds and removes in one command, keeping the others', () => {
    watchList
      .given(watching(1, 3))
      .when(change([2], [1]))
      .then([watching(2, 3)]);
  });

  it('adding whom one watches, or removing whom one does not, records nothing', () => {
    watchList
      .given(watching(1, 3))
      .when(change([3], [4]))
      .then([]);
    watchList.given().when(change([], [])).then([]);
  });

  it('removing everyone records the empty list', () => {
    watchList
      .given(watching(1))
      .when(change([], [1]))
      .then([watching()]);
  });

  it('refuses watching oneself and a user in both lists (32000), whatever else the command says', () => {
    watchList
      .given()
      .when(change([1, 7]))
      .thenRefuses(32000, 'You cannot watch yourself.');
    watchList
      .given(watching(1))
      .when(change([2], [2]))
      .thenRefuses(32000, "'u2@example.com' cannot be both added to and removed from the watch list.");
  });

  it('removing oneself is harmless: one never watches oneself', () => {
    watchList
      .given(watching(1))
      .when(change([], [7]))
      .then([]);
  });
});
