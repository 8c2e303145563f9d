import { CommentsWorld } from '../../comments/support/comments-world';
import { ADMIN, ANONYMOUS, type Caller, DATETIME, errorOf } from '../../../support/world';

export { ADMIN, ANONYMOUS, type Caller, DATETIME, errorOf };

/** The contract's Attachment object as the tests read it. */
export interface Attachment {
  id: number;
  bug_id: number;
  file_name: string;
  summary: string;
  content_type: string;
  is_private: boolean;
  is_obsolete: boolean;
  is_patch: boolean;
  creation_time: string;
  last_change_time: string;
  creator: string;
  creator_detail: { id: number; real_name: string; name: string; email: string };
  size: number;
  data?: string;
}

export interface AttachmentsReply {
  bugs: Record<string, Attachment[]>;
  attachments: Record<string, Attachment>;
}

/** The attachment suites' world: the comments world (products, bugs, comments) plus attachments. */
export class AttachmentsWorld extends CommentsWorld {
  /** POST /rest/bug/{bug}/attachment with these bytes; the new ids. */
  async attach(caller: Caller, bug: number | string, bytes: Buffer | string, extra: Record<string, unknown> = {}): Promise<number[]> {
    const data = Buffer.from(bytes).toString('base64');
    const body = { data, file_name: 'notes.txt', summary: 'Some notes', content_type: 'text/plain', ...extra };
    return (await this.ok<{ ids: number[] }>(caller, 'POST', `/bug/${bug}/attachment`, body, 201)).ids;
  }

  async attachment(caller: Caller, id: number, query = ''): Promise<Attachment | undefined> {
    const reply = await this.ok<AttachmentsReply>(caller, 'GET', `/bug/attachment/${id}${query}`);
    return reply.attachments[String(id)];
  }

  async listed(caller: Caller, bug: number, query = ''): Promise<Attachment[]> {
    const reply = await this.ok<AttachmentsReply>(caller, 'GET', `/bug/${bug}/attachment${query}`);
    return reply.bugs[String(bug)] ?? [];
  }
}
