import { DomainError } from '@tracker/contracts';
import { type Criterion, type CriteriaGroup, condition, group, isSearchOperator, type SearchOperator } from './search-criteria';
import { isSearchableBy, searchFieldName } from './search-fields';
import { invalidOperator, type SearchContext, valuesOf } from './search-context';

/**
 * The advanced criteria of Bugzilla's Search (reference §7.3): custom search charts
 * `fN`/`oN`/`vN`/`nN` with `OP`/`CP` sub-groups joined by `jN`, the legacy boolean charts
 * `fieldA-B-C` (C is OR, B is AND within chart A, charts are ANDed), and the e-mail block
 * `emailN` with its role flags.
 */
export function parseCharts(raw: Readonly<Record<string, unknown>>, context: SearchContext): Criterion[] {
  return [...customSearch(raw, context), ...booleanCharts(raw, context), ...emailBlocks(raw, context)];
}

const first = (raw: Readonly<Record<string, unknown>>, key: string): string | undefined => valuesOf(raw[key])[0];

function fieldOf(name: string, context: SearchContext): string {
  const field = searchFieldName(name, context.customFields);
  if (field === null || !isSearchableBy(field, context.timetracker)) {
    throw new DomainError('userError', `Can't use ${name} as a field name.`);
  }
  return field;
}

function operatorOf(name: string | undefined): SearchOperator {
  const operator = name === undefined || name === 'noop' ? 'noop' : name === 'substr' ? 'substring' : name;
  if (operator === 'noop') return 'substring';
  if (!isSearchOperator(operator)) throw invalidOperator(operator);
  return operator;
}

interface Frame {
  readonly join: 'AND' | 'OR';
  readonly negate: boolean;
  readonly items: Criterion[];
}

function customSearch(raw: Readonly<Record<string, unknown>>, context: SearchContext): Criterion[] {
  const numbers = Object.keys(raw)
    .map((key) => /^f(\d+)$/.exec(key)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  if (numbers.length === 0) return [];
  const top = first(raw, 'j_top') === 'OR' ? 'OR' : 'AND';
  const stack: Frame[] = [{ join: top, negate: false, items: [] }];
  for (const n of numbers) {
    const field = first(raw, `f${n}`) ?? 'noop';
    const negate = first(raw, `n${n}`) === '1';
    const frame = stack[stack.length - 1] as Frame;
    if (field === 'OP') {
      stack.push({ join: first(raw, `j${n}`) === 'OR' ? 'OR' : 'AND', negate, items: [] });
    } else if (field === 'CP') {
      if (stack.length === 1) throw new DomainError('userError', 'A closing parenthesis (CP) has no opening one (OP).');
      const closed = stack.pop() as Frame;
      (stack[stack.length - 1] as Frame).items.push(group(closed.join, closed.items, closed.negate));
    } else if (field !== 'noop') {
      const operator = operatorOf(first(raw, `o${n}`));
      frame.items.push(condition(fieldOf(field, context), operator, valuesOf(raw[`v${n}`]).join(','), negate));
    }
  }
  while (stack.length > 1) {
    const open = stack.pop() as Frame;
    (stack[stack.length - 1] as Frame).items.push(group(open.join, open.items, open.negate));
  }
  const root = stack[0] as Frame;
  return root.items.length === 0 ? [] : [group(root.join, root.items)];
}

function booleanCharts(raw: Readonly<Record<string, unknown>>, context: SearchContext): Criterion[] {
  const charts = new Map<number, Map<number, Criterion[]>>();
  for (const key of Object.keys(raw)) {
    const match = /^field(\d+)-(\d+)-(\d+)$/.exec(key);
    if (!match) continue;
    const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const name = first(raw, key);
    if (name === undefined || name === 'noop') continue;
    const operator = operatorOf(first(raw, `type${a}-${b}-${c}`));
    const criterion = condition(fieldOf(name, context), operator, valuesOf(raw[`value${a}-${b}-${c}`]).join(','));
    const rows = charts.get(a) ?? new Map<number, Criterion[]>();
    rows.set(b, [...(rows.get(b) ?? []), criterion]);
    charts.set(a, rows);
  }
  return [...charts.entries()]
    .sort(([x], [y]) => x - y)
    .map(([a, rows]): CriteriaGroup => {
      const ands = [...rows.entries()].sort(([x], [y]) => x - y).map(([, ors]) => group('OR', ors));
      return group('AND', ands, first(raw, `negate${a}`) === '1');
    });
}

const EMAIL_ROLES = [
  ['assigned_to', 'assigned_to'],
  ['reporter', 'reporter'],
  ['cc', 'cc'],
  ['qa_contact', 'qa_contact'],
  ['longdesc', 'commenter'],
] as const;

function emailBlocks(raw: Readonly<Record<string, unknown>>, context: SearchContext): Criterion[] {
  const blocks: Criterion[] = [];
  for (const key of Object.keys(raw)) {
    const n = /^email(\d+)$/.exec(key)?.[1];
    const value = first(raw, key);
    if (n === undefined || value === undefined || value === '') continue;
    const type = first(raw, `emailtype${n}`) ?? 'substring';
    const operator = operatorOf(type === 'exact' ? 'equals' : type);
    const truthy = (flag: string | undefined): boolean => flag !== undefined && !['0', 'false', ''].includes(flag.toLowerCase());
    const roles = EMAIL_ROLES.filter(([flag]) => truthy(first(raw, `email${flag}${n}`))).map(([, field]) => field);
    const fields = roles.length > 0 ? roles : ['assigned_to', 'reporter', 'cc', 'qa_contact'];
    blocks.push(
      group(
        'OR',
        fields.map((field) => condition(fieldOf(field, context), operator, value)),
      ),
    );
  }
  return blocks;
}
