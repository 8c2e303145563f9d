/** The gateway's compiled route table; routes of every service are registered into it once. */
export const ROUTE_TABLE = Symbol('ROUTE_TABLE');
