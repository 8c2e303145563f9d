import { describeInBothModes } from '../../support/modes';
import { ADMIN, ANONYMOUS, BugCalls, type Caller, BugsWorld, errorOf } from './support/bugs-world';

/**
 * Bug.search (GET /rest/bug) over HTTP, in both run modes: every parameter of the
 * contract and of reference §7.2, AND across parameters and any-of within one, quicksearch,
 * advanced criteria, limits and order, and the visibility rule inside the query. The
 * administrator maximum is lowered to 12 here to test it.
 */
describeInBothModes(
  'bug search',
  (tracker) => {
    const world = new BugsWorld(() => tracker().baseUrl);
    const bugs = new BugCalls(world);
    let product: string;
    let other: string;
    let secretGroup: string;
    let member: Caller;
    let dev: Caller;
    let ids: Record<'crash' | 'slow' | 'widget' | 'closed' | 'backend' | 'otherProduct' | 'secret', number>;

    const search = (query: string, caller: Caller = dev): Promise<number[]> =>
      bugs.search(caller, `product=${product}&product=${other}&${query}`);

    beforeAll(async () => {
      [member, dev] = await Promise.all([world.user('member'), world.user('dev')]);
      secretGroup = await world.group('hidden');
      await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(member.login)}`, { groups: { add: [secretGroup] } });
      product = await world.product('Search', [
        { group: secretGroup, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false },
      ]);
      await world.ok(ADMIN, 'POST', '/component', { product, name: 'Backend', description: 'Backend', default_assignee: dev.login }, 201);
      await world.ok(ADMIN, 'POST', '/version', { product, name: '2.0' }, 201);
      other = await world.product('Elsewhere');
      await world.keyword('regression');
      await world.keyword('perf');
      const crash = await world.bug(ADMIN, product, {
        summary: 'Crash on startup',
        priority: 'High',
        severity: 'critical',
        op_sys: 'Linux',
        keywords: ['regression'],
        alias: `crash-${world.suffix}`,
        cc: [dev.login],
      });
      const slow = await world.bug(dev, product, {
        summary: 'Slow search results',
        priority: 'Low',
        whiteboard: '[perf] [triage]',
        keywords: ['perf'],
        url: 'http://example.com/slow',
      });
      const widget = await world.bug(ADMIN, product, {
        summary: 'Golden WIDGET renders upside down',
        priority: 'Normal',
        platform: 'PC',
        version: '2.0',
      });
      const closed = await world.bug(ADMIN, product, { summary: 'Widget was fixed' });
      await bugs.update(ADMIN, closed, { status: 'RESOLVED', resolution: 'FIXED' });
      const backend = await world.bug(ADMIN, product, {
        summary: 'Backend timeout',
        component: 'Backend',
        description: 'The database answers too late.',
      });
      const otherProduct = await world.bug(ADMIN, other, { summary: 'Crash elsewhere' });
      const secret = await world.bug(member, product, { summary: 'Secret crash', groups: [secretGroup] });
      ids = { crash, slow, widget, closed, backend, otherProduct, secret };
      // enough bugs elsewhere to pass the maximum of 12 results
      const filler = await world.product('Filler');
      for (let i = 0; i < 6; i++) await world.bug(ADMIN, filler, { summary: `Filler ${i}` });
    }, 120_000);

    it('golden 90: by product, in bug id order, with limit', async () => {
      expect(await bugs.search(dev, `product=${product}&limit=3`)).toEqual([ids.crash, ids.slow, ids.widget]);
    });

    it('golden 91: any of several statuses, ordered by bug id descending', async () => {
      expect(await search('status=RESOLVED&status=CONFIRMED&order=bug_id%20DESC')).toEqual([
        ids.otherProduct,
        ids.backend,
        ids.closed,
        ids.widget,
        ids.slow,
        ids.crash,
      ]);
    });

    it('golden 92: summary by substring in any case, spaces included; whiteboard likewise; url by substring', async () => {
      expect(await search('summary=widget')).toEqual([ids.widget, ids.closed]);
      expect(await search('short_desc=Crash')).toEqual([ids.crash, ids.otherProduct]);
      expect(await search('whiteboard=triage')).toEqual([ids.slow]);
      expect(await search('url=example.com')).toEqual([ids.slow]);
    });

    it('takes a summary or whiteboard with spaces as one substring, not as words found apart', async () => {
      expect(await search('summary=widget%20RENDERS%20upside')).toEqual([ids.widget]);
      expect(await search('summary=golden%20upside')).toEqual([]);
      expect(await search('summary=upside%20golden')).toEqual([]);
      expect(await search('whiteboard=%5Bperf%5D%20%5Btriage%5D')).toEqual([ids.slow]);
      expect(await search('whiteboard=%5Btriage%5D%20%5Bperf%5D')).toEqual([]);
      // Bugzilla 5.2's word search stays available by its operator
      expect(await search('summary=golden%20upside&summary_type=allwordssubstr')).toEqual([ids.widget]);
    });

    it('takes several values of a text field as any of them: summary, whiteboard, url, and negated as none of them', async () => {
      expect(await search('summary=crash&summary=timeout')).toEqual([ids.crash, ids.backend, ids.otherProduct]);
      expect(await search('summary=renders%20upside&summary=was%20fixed&summary=nothing%20like%20it')).toEqual([ids.widget, ids.closed]);
      expect(await search('summary=CRASH%20ON&summary=upside%20golden')).toEqual([ids.crash]);
      expect(await search('whiteboard=nothing&whiteboard=%5Btriage%5D')).toEqual([ids.slow]);
      expect(await search('url=nowhere.org&url=example.com%2Fslow')).toEqual([ids.slow]);
      expect(await search('f1=short_desc&o1=substring&v1=crash&summary=elsewhere&summary=startup')).toEqual([ids.crash, ids.otherProduct]);
      expect(await search('f1=short_desc&o1=substring&v1=crash&summary=elsewhere&summary=timeout')).toEqual([ids.otherProduct]);
      expect(await search('summary=crash&summary=widget&summary=timeout&summary_type=notsubstring')).toEqual([ids.slow]);
      expect(await search('summary=Crash&summary=slow&summary_type=casesubstring')).toEqual([ids.crash, ids.otherProduct]);
    });

    it('matches each simple field exactly, any of several values, all parameters together', async () => {
      expect(await search('priority=High&priority=Low')).toEqual([ids.crash, ids.slow]);
      expect(await search('priority=High&op_sys=Linux')).toEqual([ids.crash]);
      expect(await search('priority=High&op_sys=Windows')).toEqual([]);
      expect(await search('severity=critical')).toEqual([ids.crash]);
      expect(await search('platform=PC')).toEqual([ids.widget]);
      expect(await search('version=2.0')).toEqual([ids.widget]);
      expect(await search('component=Backend')).toEqual([ids.backend]);
      expect(await search('target_milestone=M1&product=Nope')).toEqual([
        ids.crash,
        ids.slow,
        ids.widget,
        ids.closed,
        ids.backend,
        ids.otherProduct,
      ]);
      expect(await search(`id=${ids.crash},${ids.widget}`)).toEqual([ids.crash, ids.widget]);
      expect(await search(`alias=crash-${world.suffix}`)).toEqual([ids.crash]);
      expect(await search('keywords=perf')).toEqual([ids.slow]);
      expect(await search('classification=Unclassified&bug_status=RESOLVED')).toEqual([ids.closed]);
    });

    it('takes resolution "" or "---" for open bugs and the special statuses', async () => {
      expect(await search('resolution=FIXED')).toEqual([ids.closed]);
      expect(await search('resolution=---&status=__closed__')).toEqual([]);
      expect(await search('status=__closed__')).toEqual([ids.closed]);
      expect((await search('resolution=')).includes(ids.closed)).toBe(false);
      expect(await search('status=__open__&summary=widget')).toEqual([ids.widget]);
      expect(await search('status=__all__&summary=widget')).toEqual([ids.widget, ids.closed]);
    });

    it('matches people by login substring: assigned_to, creator (reporter), qa_contact and cc', async () => {
      const devName = dev.login.split('@')[0] ?? '';
      expect(await search(`assigned_to=${devName}`)).toEqual([ids.backend]);
      expect(await search(`creator=${devName}`)).toEqual([ids.slow]);
      expect(await search(`reporter=${devName}`)).toEqual([ids.slow]);
      expect(await search(`cc=${devName}`)).toEqual([ids.crash]);
      expect(await search('qa_contact=nobody')).toEqual([]);
    });

    it('takes creation_time and last_change_time as lower bounds', async () => {
      const created = (await bugs.read(ADMIN, ids.crash))['creation_time'] as string;
      expect((await search(`creation_time=${created}`)).includes(ids.crash)).toBe(true);
      expect(await search('creation_time=2100-01-01')).toEqual([]);
      expect(await search('last_change_time=2100-01-01T00:00:00Z')).toEqual([]);
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?creation_time=yesterday-ish'))).toEqual({
        status: 400,
        code: 56,
        message: "'yesterday-ish' is not a legal date.",
      });
    });

    it('golden 95/155/156: limit and offset, limit=0 for all, the administrator maximum, offset without limit', async () => {
      expect(await search('limit=2&offset=1')).toEqual([ids.slow, ids.widget]);
      expect((await bugs.search(ADMIN, '')).length).toBe(12);
      expect((await bugs.search(ADMIN, 'limit=0')).length).toBe(12);
      expect((await bugs.search(ADMIN, 'limit=500')).length).toBe(12);
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?offset=2'))).toEqual({
        status: 400,
        code: 50,
        message: 'The function Bug.search() requires a limit argument, and that argument was not set.',
      });
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?limit=many')).code).toBe(52);
    });

    it('golden 98: no match is an empty list', async () => {
      expect(await bugs.search(ADMIN, 'product=NoSuchProduct')).toEqual([]);
    });

    it('count_only answers {bug_count} as Bugzilla R6: visible bugs only, neither limit, offset nor the maximum applied', async () => {
      const count = async (query: string, caller: Caller = dev): Promise<unknown> =>
        world.ok<unknown>(caller, 'GET', `/bug?count_only=1&${query}`);
      expect(await count(`product=${product}&priority=High`)).toEqual({ bug_count: 1 });
      expect(await count(`product=${product}&product=${other}&summary=crash`, member)).toEqual({ bug_count: 3 });
      expect(await count(`product=${product}&product=${other}&summary=crash`, dev)).toEqual({ bug_count: 2 });
      expect(await count(`product=${product}&product=${other}&summary=crash`, ANONYMOUS)).toEqual({ bug_count: 2 });
      expect(await count(`product=${product}&limit=1&offset=2&include_fields=id`)).toEqual({ bug_count: 5 });
      expect(await count('product=NoSuchProduct')).toEqual({ bug_count: 0 });
      expect(await count(`quicksearch=${encodeURIComponent(`ALL :${product} widget`)}`)).toEqual({ bug_count: 2 });
      // 13 bugs in this installation, above the maximum of 12 results a search returns
      expect(await count('', ADMIN)).toEqual({ bug_count: 13 });
      expect(await search('count_only=0&priority=High')).toEqual([ids.crash]);
      expect(errorOf(await world.call(dev, 'GET', '/bug?count_only=maybe'))).toMatchObject({ status: 400, code: 53 });
      expect(errorOf(await world.call(dev, 'GET', '/bug?count_only=1&offset=1'))).toMatchObject({ status: 400, code: 50 });
    });

    it('orders by fields, select fields by their sort keys', async () => {
      expect(await search('order=priority,bug_id&component=Main&product=Nope')).toEqual([
        ids.crash,
        ids.widget,
        ids.slow,
        ids.closed,
        ids.otherProduct,
      ]);
      expect(await search('order=short_desc%20DESC&priority=High&priority=Low')).toEqual([ids.slow, ids.crash]);
    });

    it('golden 93: quicksearch by word, ids, alias, status word, shortcuts and field:value', async () => {
      const q = (text: string): Promise<number[]> => bugs.search(dev, `quicksearch=${encodeURIComponent(text)}`);
      expect(await q('upside')).toEqual([ids.widget]);
      expect(await q('widget')).toEqual([ids.widget]);
      expect(await q('ALL widget')).toEqual([ids.widget, ids.closed]);
      expect(await q('FIXED widget')).toEqual([ids.closed]);
      expect(await q(`${ids.slow},${ids.crash}`)).toEqual([ids.crash, ids.slow]);
      expect(await q(`crash-${world.suffix}`)).toEqual([ids.crash]);
      expect(await q(`:${product} crash`)).toEqual([ids.crash]);
      expect(await q(`@${dev.login.split('@')[0] ?? ''}`)).toEqual([ids.backend]);
      expect(await q('priority:High')).toEqual([ids.crash]);
      expect(await q(`summary:crash product:${other}`)).toEqual([ids.otherProduct]);
      expect(await q('crash -elsewhere')).toEqual([ids.crash]);
      expect(await q('crash OR timeout')).toEqual([ids.crash, ids.backend, ids.otherProduct]);
      expect(await q('!perf')).toEqual([ids.slow]);
      expect(await q('[triage]')).toEqual([ids.slow]);
      expect(await q('database')).toEqual([ids.backend]);
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?quicksearch=nosuchfield:x'))).toEqual({
        status: 400,
        code: 32000,
        message: 'There is a problem with your search: nosuchfield is not a valid field name.',
      });
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?quicksearch=%20,'))).toEqual({
        status: 400,
        code: 1000,
        message: 'You may not search, or create saved searches, without any search terms.',
      });
    });

    it('golden 94: advanced criteria with operators, negation, groups and boolean charts, and e-mail blocks', async () => {
      expect(await search('f1=priority&o1=equals&v1=High')).toEqual([ids.crash]);
      expect(await search('f1=short_desc&o1=substring&v1=WIDGET&n1=1&f2=component&o2=equals&v2=Main')).toEqual([
        ids.crash,
        ids.slow,
        ids.otherProduct,
      ]);
      expect(await search('j_top=OR&f1=priority&o1=equals&v1=High&f2=priority&o2=equals&v2=Low')).toEqual([ids.crash, ids.slow]);
      expect(
        await search('f1=OP&j1=OR&f2=severity&o2=equals&v2=critical&f3=keywords&o3=anywords&v3=perf&f4=CP&f5=bug_id&o5=greaterthan&v5=0'),
      ).toEqual([ids.crash, ids.slow]);
      expect(await search('f1=keywords&o1=isempty&f2=whiteboard&o2=isnotempty')).toEqual([]);
      expect(await search('f1=short_desc&o1=regexp&v1=^(crash|slow)')).toEqual([ids.crash, ids.slow, ids.otherProduct]);
      expect(await search('f1=priority&o1=anyexact&v1=High,Low&f2=short_desc&o2=allwordssubstr&v2=search%20results')).toEqual([ids.slow]);
      expect(await search('query_format=advanced&field0-0-0=keywords&type0-0-0=substring&value0-0-0=regr')).toEqual([ids.crash]);
      expect(await search(`email1=${dev.login.split('@')[0] ?? ''}&emailassigned_to1=1&emailtype1=substring`)).toEqual([ids.backend]);
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?f1=nosuchfield&o1=equals&v1=x'))).toEqual({
        status: 400,
        code: 32000,
        message: "Can't use nosuchfield as a field name.",
      });
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug?f1=priority&o1=near&v1=x'))).toEqual({
        status: 400,
        code: 32000,
        message: "The search operator 'near' is not valid.",
      });
    });

    it('golden 77: finds a bug in a group only for its members, with no trace for others', async () => {
      expect(await search('summary=crash', member)).toEqual([ids.crash, ids.otherProduct, ids.secret]);
      expect(await search('summary=crash', ADMIN)).toEqual([ids.crash, ids.otherProduct, ids.secret]);
      expect(await search('summary=crash', dev)).toEqual([ids.crash, ids.otherProduct]);
      expect(await search('summary=crash', ANONYMOUS)).toEqual([ids.crash, ids.otherProduct]);
      expect(await bugs.search(ANONYMOUS, `id=${ids.secret}`)).toEqual([]);
      expect(await bugs.search(ANONYMOUS, `quicksearch=${ids.secret}`)).toEqual([]);
    });

    it('returns bugs like Bug.get but without update_token or faults (golden 70, 97)', async () => {
      const response = await world.ok<Record<string, unknown>>(dev, 'GET', `/bug?id=${ids.crash}`);
      expect(Object.keys(response)).toEqual(['bugs']);
      const [found] = response['bugs'] as Array<Record<string, unknown>>;
      const [read] = (await world.ok<{ bugs: Array<Record<string, unknown>> }>(dev, 'GET', `/bug/${ids.crash}`)).bugs;
      const { update_token: token, ...rest } = read ?? {};
      expect(token).toEqual(expect.any(String));
      expect(found).toEqual(rest);
    });
  },
  { TRACKER_MAX_SEARCH_RESULTS: '12' },
);
