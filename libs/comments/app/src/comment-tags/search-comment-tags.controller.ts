import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SEARCH_COMMENT_TAGS_SUBJECT, type SearchCommentTagsParams, type ServiceRequest } from '@tracker/contracts';
import { SearchCommentTagsHandler } from './search-comment-tags.handler';

@Controller()
export class SearchCommentTagsController {
  constructor(private readonly handler: SearchCommentTagsHandler) {}

  @MessagePattern(SEARCH_COMMENT_TAGS_SUBJECT)
  search(@Payload() request: ServiceRequest<SearchCommentTagsParams>): Promise<readonly string[]> {
    return this.handler.handle(request);
  }
}
