/**
 * Who is in which group, as Bugzilla derives it: a user's direct memberships, plus every
 * group whose user regexp matches the login (case-insensitively), plus, transitively,
 * every group that grants membership to members of a group the user is in (Bugzilla's
 * group_group_map: editbugs members are in bz_canusewhines; admin members in every group
 * created after admin).
 */
export interface GroupGrants {
  readonly id: number;
  readonly userRegexp: string;
  /** groups whose members are members of this one too */
  readonly memberGroupIds: readonly number[];
}

export class MembershipRules {
  private readonly matchers: ReadonlyArray<{ readonly id: number; readonly regexp: RegExp }>;
  /** group id -> the groups its members also belong to */
  private readonly grantedBy = new Map<number, number[]>();
  private readonly known: ReadonlySet<number>;

  constructor(groups: readonly GroupGrants[]) {
    this.known = new Set(groups.map((group) => group.id));
    this.matchers = groups.flatMap((group) => {
      const regexp = compile(group.userRegexp);
      return regexp ? [{ id: group.id, regexp }] : [];
    });
    for (const group of groups) {
      for (const member of group.memberGroupIds) this.grantedBy.set(member, [...(this.grantedBy.get(member) ?? []), group.id]);
    }
  }

  /** Effective group ids of a user, ascending. */
  effectiveGroups(login: string, direct: readonly number[]): number[] {
    const found = new Set<number>();
    const queue = [...direct.filter((id) => this.known.has(id)), ...this.matchers.filter((m) => m.regexp.test(login)).map((m) => m.id)];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (found.has(next)) continue;
      found.add(next);
      queue.push(...(this.grantedBy.get(next) ?? []));
    }
    return [...found].sort((a, b) => a - b);
  }
}

/** Bugzilla: an empty regexp matches nobody. A stored pattern always compiled when it was set. */
function compile(pattern: string): RegExp | null {
  if (pattern === '') return null;
  try {
    return new RegExp(pattern, 'i');
  } catch {
    return null;
  }
}
