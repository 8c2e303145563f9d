import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { IDENTITY_OPTIONS, type IdentityOptions } from './identity.options';

/** The identity service: its message handlers, read model and domain wiring. */
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityOptions): DynamicModule {
    return {
      module: IdentityModule,
      controllers: [healthController('identity')],
      providers: [{ provide: IDENTITY_OPTIONS, useValue: options }],
    };
  }
}
