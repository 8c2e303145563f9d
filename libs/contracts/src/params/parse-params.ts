import type { z } from 'zod';
import { ErrorCode } from '../errors/error-codes';
import { DomainError } from '../errors/domain-error';
import { BUGZILLA_CODE, PARAM } from './param-types';

/**
 * Validates and coerces an endpoint's raw parameters with its schema. The first problem
 * becomes the DomainError Bugzilla would give (50 missing, 52 not a number, 53 invalid,
 * 56 bad date); unknown parameters are left to the schema (objects are loose by default).
 */
export function parseParams<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new DomainError('paramInvalid', 'Invalid parameters.');
  const param = issue.path.map(String).join('.') || 'params';
  const code = issue.code === 'custom' ? (issue.params?.[BUGZILLA_CODE] as number | undefined) : undefined;
  if (code !== undefined) return rethrow(code, issue.message.replaceAll(PARAM, param));
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return rethrow(ErrorCode.paramRequired, `The function requires a ${param} argument, and that argument was not set.`);
  }
  return rethrow(ErrorCode.paramInvalid, `Invalid value for the '${param}' parameter: ${issue.message}`);
}

function rethrow(code: number, message: string): never {
  throw new DomainError({ code, message });
}
