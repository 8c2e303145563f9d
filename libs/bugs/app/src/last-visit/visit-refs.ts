import type { LastVisitParams } from '@tracker/contracts';

/** The bugs a last-visit call names: the path's id and the `ids` list, each once. */
export const visitRefs = (params: LastVisitParams): string[] =>
  [...new Set([...(params.id === undefined ? [] : [params.id]), ...(params.ids ?? [])])].map(String);
