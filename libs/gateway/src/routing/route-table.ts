import type { HttpMethod, Route } from './route';

/**
 * Finds the route for a method and path. A path segment that is literal in a route beats
 * a placeholder, so `/bug/comment/:comment_id` wins over `/bug/:id` for `/bug/comment/5`.
 * A path that exists with other methods yields those methods (for OPTIONS); there is no 405.
 */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly pathParams: Readonly<Record<string, string>> }
  | { readonly kind: 'other-methods'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'none' };

interface CompiledRoute {
  readonly route: Route;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly literalSegments: number;
}

export class RouteTable {
  private readonly compiled: readonly CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
    const seen = new Set<string>();
    for (const { route } of this.compiled) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`Route declared twice: ${key}`);
      seen.add(key);
    }
  }

  match(method: string, path: string): RouteMatch {
    const allowed = new Set<HttpMethod>();
    for (const candidate of this.compiled) {
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      if (candidate.route.method !== method) {
        allowed.add(candidate.route.method);
        continue;
      }
      const pathParams: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        pathParams[name] = safeDecode(match[index + 1] ?? '');
      });
      return { kind: 'found', route: candidate.route, pathParams };
    }
    return allowed.size > 0 ? { kind: 'other-methods', allowed: [...allowed] } : { kind: 'none' };
  }
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  let literalSegments = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      if (segment !== '') literalSegments += 1;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, literalSegments };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
