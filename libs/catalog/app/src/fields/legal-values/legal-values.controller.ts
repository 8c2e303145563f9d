import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LEGAL_VALUES_SUBJECT, type LegalValuesParams, type LegalValuesResult, type ServiceRequest } from '@tracker/contracts';
import { LegalValuesHandler } from './legal-values.handler';

@Controller()
export class LegalValuesController {
  constructor(private readonly handler: LegalValuesHandler) {}

  @MessagePattern(LEGAL_VALUES_SUBJECT)
  values(@Payload() request: ServiceRequest<LegalValuesParams>): Promise<LegalValuesResult> {
    return this.handler.handle(request);
  }
}
