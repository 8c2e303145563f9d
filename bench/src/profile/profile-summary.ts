import { readFile } from 'node:fs/promises';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

/** Where a frame's code lives: a V8 pseudo-frame, Node's own code, a package, or a Tracker lib/app. */
export function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] ?? 'node_modules';
  const own = /dist\/((?:libs|apps|bench)\/(?:[^/]+\/){1,3})/.exec(url);
  return own ? (own[1] ?? url) : url;
}

/** Self time of a .cpuprofile by place and by function, as shares of all samples, largest first. */
export async function summarise(file: string, top = 25): Promise<string> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const total = profile.samples.length;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
    const name = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const lines = (map: Map<string, number>): string[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  return [`${total} samples`, '', 'by place:', ...lines(byPlace), '', 'by function:', ...lines(byFunction)].join('\n');
}
