import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CREATE_API_KEY_SUBJECT,
  type CreateApiKeyParams,
  type CreateApiKeyResult,
  LIST_API_KEYS_SUBJECT,
  type ListApiKeysParams,
  type ListApiKeysResult,
  type ServiceRequest,
  UPDATE_API_KEY_SUBJECT,
  type UpdateApiKeyParams,
  type UpdateApiKeyResult,
} from '@tracker/contracts';
import { ApiKeysHandler } from './api-keys.handler';

@Controller()
export class ApiKeysController {
  constructor(private readonly handler: ApiKeysHandler) {}

  @MessagePattern(CREATE_API_KEY_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateApiKeyParams>): Promise<CreateApiKeyResult> {
    return this.handler.create(request);
  }

  @MessagePattern(LIST_API_KEYS_SUBJECT)
  list(@Payload() request: ServiceRequest<ListApiKeysParams>): Promise<ListApiKeysResult> {
    return this.handler.list(request);
  }

  @MessagePattern(UPDATE_API_KEY_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateApiKeyParams>): Promise<UpdateApiKeyResult> {
    return this.handler.update(request);
  }
}
