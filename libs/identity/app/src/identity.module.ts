import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { CreateApiKeyHandler } from './api-keys/create-api-key.handler';
import { ListApiKeysHandler } from './api-keys/list-api-keys.handler';
import { UpdateApiKeyHandler } from './api-keys/update-api-key.handler';
import { AuthenticateHandler } from './authenticate/authenticate.handler';
import { PasswordLogin } from './authenticate/password-login';
import { IdentityBootstrap } from './bootstrap/identity-bootstrap.service';
import { CallerRights } from './caller/caller-rights';
import { identityCommandProviders } from './credential-changes/notifying-command-runner';
import { RenewGatewayLeaseHandler } from './credential-changes/renew-gateway-lease.handler';
import { CreateGroupHandler } from './create-group/create-group.handler';
import { CreateUserHandler } from './create-user/create-user.handler';
import { GetGroupsHandler } from './get-groups/get-groups.handler';
import { GetUsersHandler } from './get-users/get-users.handler';
import { IDENTITY_OPTIONS, type IdentityOptions } from './identity.options';
import { LoginHandler } from './login/login.handler';
import { LogoutHandler } from './login/logout.handler';
import { ValidLoginHandler } from './login/valid-login.handler';
import { LookupGroupsHandler } from './lookups/lookup-groups.handler';
import { LookupUsersHandler } from './lookups/lookup-users.handler';
import { RebuildIdentityHandler } from './read-model-admin/rebuild-identity.handler';
import { identityReadModel, readModelProviders } from './read-model/identity.read-model';
import { UpdateGroupHandler } from './update-group/update-group.handler';
import { UpdateUserHandler } from './update-user/update-user.handler';

/** The identity service: users, groups, API keys and login tokens; authentication of every credentialed call. */
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityOptions): DynamicModule {
    return {
      module: IdentityModule,
      imports: [identityReadModel],
      controllers: [
        healthController('identity'),
        AuthenticateHandler,
        LoginHandler,
        LogoutHandler,
        ValidLoginHandler,
        LookupUsersHandler,
        LookupGroupsHandler,
        GetUsersHandler,
        CreateUserHandler,
        UpdateUserHandler,
        GetGroupsHandler,
        CreateGroupHandler,
        UpdateGroupHandler,
        CreateApiKeyHandler,
        ListApiKeysHandler,
        UpdateApiKeyHandler,
        RebuildIdentityHandler,
        RenewGatewayLeaseHandler,
      ],
      providers: [
        { provide: IDENTITY_OPTIONS, useValue: options },
        ...readModelProviders,
        ...identityCommandProviders(),
        CallerRights,
        IdentityBootstrap,
        PasswordLogin,
      ],
    };
  }
}
