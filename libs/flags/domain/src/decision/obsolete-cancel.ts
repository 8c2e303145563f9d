import type { DecisionContext } from './decision-context';
import type { FlagWorkspace } from './flag-workspace';

/**
 * An attachment made obsolete by this change loses its pending requests (Bugzilla's
 * set_is_obsolete): its `?` flags of types that apply are cleared, with no permission check,
 * before any input is applied. Inputs still resolve to them (extraction ran first in
 * Bugzilla) and are then skipped. Returns the cancelled flags' ids.
 */
export function cancelObsoleteRequests(context: DecisionContext, workspace: FlagWorkspace): Set<number> {
  const cancelled = new Set<number>();
  for (const attachment of context.command.attachments.filter((candidate) => candidate.becameObsolete)) {
    const applying = new Set(context.typesFor(attachment.id).map((type) => type.id));
    for (const flag of workspace.flagsOf(attachment.id)) {
      if (flag.status !== '?' || !applying.has(flag.typeId)) continue;
      workspace.remove(flag, 'attachment-obsoleted');
      cancelled.add(flag.flagId);
    }
  }
  return cancelled;
}
