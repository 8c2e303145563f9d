import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CountBugsResult, SEARCH_BUGS_SUBJECT, type SearchBugsParams, type SearchBugsResult, type ServiceRequest } from '@tracker/contracts';
import { SearchBugsHandler } from './search-bugs.handler';

@Controller()
export class SearchBugsController {
  constructor(private readonly handler: SearchBugsHandler) {}

  @MessagePattern(SEARCH_BUGS_SUBJECT)
  search(@Payload() request: ServiceRequest<SearchBugsParams>): Promise<SearchBugsResult | CountBugsResult> {
    return this.handler.handle(request);
  }
}
