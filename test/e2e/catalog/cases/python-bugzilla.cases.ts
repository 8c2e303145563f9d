import { execFile } from 'node:child_process';
import { TEST_ADMIN } from '../../../support/admin';
import { unique } from '../support/catalog-api';
import type { CatalogSuite } from '../support/suite';

// Debian's python-bugzilla (it caches products: details are read before the names-only list): importable only by Debian's own interpreter, whatever python3 is on PATH
const PYTHON = '/usr/bin/python3';

/** Runs a python-bugzilla script without blocking this process (in embedded mode it serves the calls). */
function python(script: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      PYTHON,
      ['-c', script],
      { env: { PATH: process.env['PATH'] ?? '', HOME: '/nonexistent' }, timeout: 60_000 },
      (_error, stdout, stderr) => done({ stdout, stderr }),
    );
  });
}

/** The real client most Bugzilla scripts use, reading products, components and fields and adding a component. */
export function pythonBugzillaCases(suite: CatalogSuite): void {
  it('python-bugzilla reads products, components and fields, and adds and edits a component', async () => {
    const component = unique('FromPython');
    const script = `
import json, bugzilla
bz = bugzilla.Bugzilla(${JSON.stringify(`${suite.tracker().baseUrl}/rest/`)}, api_key=${JSON.stringify(TEST_ADMIN.apiKey)})
out = {
  "accessible": [p["name"] for p in bz.product_get(ptype="accessible", include_fields=["name"])],
  "assignee": bz.getcomponentdetails("TestProduct", "TestComponent")["default_assigned_to"],
  "components": bz.getcomponents("TestProduct"),
  "fields": len(bz.getbugfields()),
}
bz.addcomponent({"product": "TestProduct", "component": ${JSON.stringify(component)}, "description": "from python", "initialowner": "admin@example.com"})
bz.editcomponent({"product": "TestProduct", "component": ${JSON.stringify(component)}, "description": "edited by python"})
out["added"] = bz.getcomponentdetails("TestProduct", ${JSON.stringify(component)}, force_refresh=True)["description"]
print(json.dumps(out))
`;
    const { stdout, stderr } = await python(script);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual({
      accessible: expect.arrayContaining(['TestProduct']),
      components: ['TestComponent'],
      assignee: 'admin@example.com',
      fields: 59,
      added: 'edited by python',
    });
  });
}
