import * as fc from 'fast-check';
import { type DomainEvent, isDomainError } from '@tracker/contracts';
import {
  apiKeyDecider,
  type ChangeUser,
  type CreateGroup,
  groupDecider,
  IDENTITY_LIMITS,
  loginTokenDecider,
  userDecider,
} from '@tracker/identity/domain';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { accepted, codeOf, describeOnBothPostgres, LIMIT_RUNS, lengthAround, textAround, textOfLength } from '@tracker/testing';
import { IdentityProjection } from './identity.projection';
import { CreateIdentityTables1764000000000 } from './migrations/1764000000000-create-identity-tables';

/**
 * Issue 13: every text an identity command carries is bounded in the decider, and whatever a
 * decider accepts at or just inside a limit, the real read model holds (no index row too big,
 * no column too narrow). Over a limit: 32000 naming the field and the limit, nothing decided.
 */
const L = IDENTITY_LIMITS;
const tooLong = (field: string, limit: number, length: number): string =>
  `The ${field} is limited to ${limit} characters; the one given has ${length}.`;

// each property writes a real database up to a few dozen times: slow on a busy machine
jest.setTimeout(120_000);

describeOnBothPostgres('identity-limits', (target, open) => {
  describe(`identity limits, projected on ${target}`, () => {
    let log: ProjectedLog;
    let nextId = 100;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'identity_limits',
        migrations: [CreateIdentityTables1764000000000],
        projections: [new IdentityProjection()],
      });
    });
    afterAll(() => log.close());
    const append = (stream: string, events: readonly DomainEvent[]): Promise<void> => log.append(stream, events);

    it('creates and renames groups with names, descriptions, regexps and icons up to their limits, and refuses longer ones', async () => {
      await fc.assert(
        fc.asyncProperty(
          lengthAround(L.groupNameLength, 8),
          textAround(L.userRegexpLength),
          textAround(L.iconUrlLength),
          fc.constantFrom(1, L.groupDescriptionLength, L.groupDescriptionLength + 1),
          async (nameLength, userRegexp, iconUrl, descriptionLength) => {
            const groupId = (nextId += 1);
            const name = textOfLength(nameLength - String(groupId).length, 'é') + String(groupId);
            const create: CreateGroup = {
              kind: 'CreateGroup',
              groupId,
              name,
              description: textOfLength(descriptionLength, '語'),
              userRegexp,
              isActive: true,
              iconUrl,
              isBugGroup: true,
              memberGroupIds: [],
              blessGroupIds: [],
            };
            const outcome = groupDecider.decide(create, groupDecider.initialState());
            const over = [
              [name.length > L.groupNameLength, tooLong('group name', L.groupNameLength, name.length)],
              [descriptionLength > L.groupDescriptionLength, tooLong('group description', L.groupDescriptionLength, descriptionLength)],
              [userRegexp.length > L.userRegexpLength, tooLong('user regular expression', L.userRegexpLength, userRegexp.length)],
              [iconUrl.length > L.iconUrlLength, tooLong('icon URL', L.iconUrlLength, iconUrl.length)],
            ] as const;
            const firstOver = over.find(([isOver]) => isOver);
            if (firstOver) {
              expect(isDomainError(outcome) && { code: outcome.code, message: outcome.message }).toEqual({
                code: 32000,
                message: firstOver[1],
              });
              return;
            }
            const events = accepted(outcome);
            await append(`group-${groupId}`, events);
            const rows = await log.query<{ name: string; description: string }>(`SELECT name, description FROM S.groups WHERE id = $1`, [
              groupId,
            ]);
            expect(rows).toEqual([{ name, description: create.description }]);
            const state = events.reduce(groupDecider.evolve, groupDecider.initialState());
            const renamed = `${name.slice(0, -String(groupId).length)}${groupId}r`;
            const rename = groupDecider.decide({ kind: 'ChangeGroup', groupId, name: renamed }, state);
            if (renamed.length > L.groupNameLength) {
              expect(codeOf(rename)).toBe(32000);
            } else {
              await append(`group-${groupId}`, accepted(rename));
              expect(await log.query(`SELECT name FROM S.groups WHERE id = $1`, [groupId])).toEqual([{ name: renamed }]);
            }
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('creates and changes users with logins, real names and login denied texts up to their limits, and refuses longer ones', async () => {
      await fc.assert(
        fc.asyncProperty(
          lengthAround(L.loginLength, 20),
          textAround(L.realNameLength),
          fc.constantFrom(1, L.disabledTextLength, L.disabledTextLength + 1),
          async (loginLength, realName, disabledLength) => {
            const userId = (nextId += 1);
            const tail = `${userId}@example.com`;
            const login = textOfLength(loginLength - tail.length, 'a') + tail;
            const created = userDecider.decide(
              { kind: 'CreateUser', userId, login, realName: 'r', passwordHash: null, groups: [], blessGroups: [] },
              userDecider.initialState(),
            );
            if (login.length > L.loginLength) {
              expect(isDomainError(created) && created.message).toBe(tooLong('login name', L.loginLength, login.length));
              return;
            }
            await append(`user-${userId}`, accepted(created));
            const state = accepted(created).reduce(userDecider.evolve, userDecider.initialState());
            const change: ChangeUser = { kind: 'ChangeUser', userId, realName, disabledText: 'd'.repeat(disabledLength), blessable: 'all' };
            const changed = userDecider.decide(change, state);
            if (realName.length > L.realNameLength || disabledLength > L.disabledTextLength) {
              expect(codeOf(changed)).toBe(32000);
              return;
            }
            await append(`user-${userId}`, accepted(changed));
            const rows = await log.query<{ login: string; real_name: string; length: number }>(
              `SELECT login, real_name, length(disabled_text) AS length FROM S.users WHERE id = $1`,
              [userId],
            );
            expect(rows).toEqual([{ login, real_name: realName, length: disabledLength }]);
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('takes API key descriptions up to their limit and records a client address cut to its limit', async () => {
      await fc.assert(
        fc.asyncProperty(textAround(L.apiKeyDescriptionLength), textAround(L.addressLength), async (description, ip) => {
          const keyId = (nextId += 1);
          const create = { kind: 'CreateApiKey', keyId, userId: 1, keyHash: `k${keyId}`, description } as const;
          const created = apiKeyDecider.decide(create, apiKeyDecider.initialState());
          if (description.length > L.apiKeyDescriptionLength) {
            expect(isDomainError(created) && created.message).toBe(
              tooLong('API key description', L.apiKeyDescriptionLength, description.length),
            );
          } else {
            await append(`apikey-${keyId}`, accepted(created));
            expect(await log.query(`SELECT description FROM S.api_keys WHERE id = $1`, [keyId])).toEqual([{ description }]);
          }
          const issued = loginTokenDecider.decide(
            { kind: 'IssueLoginToken', tokenId: keyId, userId: 1, tokenHash: `t${keyId}`, ip },
            loginTokenDecider.initialState(),
          );
          await append(`logintoken-${keyId}`, accepted(issued));
          expect(await log.query(`SELECT ip FROM S.login_tokens WHERE id = $1`, [keyId])).toEqual([{ ip: ip.slice(0, L.addressLength) }]);
        }),
        LIMIT_RUNS,
      );
    });
  });
});
