import {
  isLoggedIn,
  personalTagsStream,
  type ServiceRequest,
  UPDATE_TAGS_SUBJECT,
  type UpdateTagsParams,
  type UpdateTagsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { actorOf, BugErrors, personalTagsDecider } from '@tracker/bugs/domain';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { CommandRunner } from '@tracker/platform/command-handler';
import { BugFinder, refsOf } from '../access/bug-finder';

/**
 * Bug.update_tags: the caller's personal tags of each bug (visible ones only), removed
 * then added, in the caller's own stream. Answers what changed per bug.
 */
@MessageHandler(UPDATE_TAGS_SUBJECT)
export class UpdateTagsHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly finder: BugFinder,
  ) {}

  async handle(request: ServiceRequest<UpdateTagsParams>): Promise<UpdateTagsResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const docs = await this.finder.findAll(request, actorOf(auth), refsOf(params.id, params.ids));
    const add = [...(params.add ?? []), ...(params.tags?.add ?? [])];
    const remove = [...(params.remove ?? []), ...(params.tags?.remove ?? [])];
    const stream = personalTagsStream(auth.userId);
    const context = this.commands.context(request);
    const changes: Record<string, { tags: { added: string[]; removed: string[] } }> = {};
    let position: GlobalPosition | null = null;
    for (const doc of docs) {
      const result = await this.commands.append(
        personalTagsDecider,
        stream,
        { kind: 'ChangeBugTags', userId: auth.userId, bugId: doc.id, add, remove },
        context,
      );
      const event = result.events[0];
      changes[String(doc.id)] = { tags: { added: [...(event?.data.added ?? [])], removed: [...(event?.data.removed ?? [])] } };
      position = result.position ?? position;
    }
    await this.commands.visible([{ stream, position }], request.correlationId);
    return { changes };
  }
}
