import { FLAGS_OF_SUBJECT, type FlagsOfParams, type FlagsOfResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { FlagQueries } from '../read-model/flag.queries';

/**
 * flags.of (docs/bug-stream-writes.md §4): the flags of the bugs and attachments a response
 * of the gateway carries, one query per response. The gateway asks only with ids the owning
 * service has just returned to the same caller, so no visibility is applied here.
 */
@MessageHandler(FLAGS_OF_SUBJECT)
export class FlagsOfHandler {
  constructor(private readonly flags: FlagQueries) {}

  handle({ params }: ServiceRequest<FlagsOfParams>): Promise<FlagsOfResult> {
    return this.flags.flagsOf(validIds(params.bugIds), validIds(params.attachmentIds));
  }
}

/** Database ids only: anything else names no flag. */
function validIds(ids: readonly unknown[] | undefined): number[] {
  return (ids ?? []).filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2 ** 31 - 1);
}
