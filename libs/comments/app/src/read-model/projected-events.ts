import type {
  BugCreatedData,
  CommentAddedData,
  CommentPrivacyChangedData,
  UserCreated,
  UserLoginChanged,
} from '@tracker/contracts';
import type { CommentTagsUpdatedData } from '@tracker/comments/domain';

/** The event types this read model applies, with their data (bugs and identity own their shapes). */
export interface ProjectedEventData {
  readonly BugCreated: BugCreatedData;
  readonly CommentAdded: CommentAddedData;
  readonly CommentPrivacyChanged: CommentPrivacyChangedData;
  readonly CommentTagsUpdated: CommentTagsUpdatedData;
  readonly UserCreated: UserCreated['data'];
  readonly UserLoginChanged: UserLoginChanged['data'];
}

export type ProjectedEventType = keyof ProjectedEventData;

const PROJECTED: ReadonlySet<string> = new Set<ProjectedEventType>([
  'BugCreated',
  'CommentAdded',
  'CommentPrivacyChanged',
  'CommentTagsUpdated',
  'UserCreated',
  'UserLoginChanged',
]);

export function isProjectedEventType(type: string): type is ProjectedEventType {
  return PROJECTED.has(type);
}
