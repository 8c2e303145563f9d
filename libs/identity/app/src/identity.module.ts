import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysHandler } from './api-keys/api-keys.handler';
import { AuthenticateController } from './authenticate/authenticate.controller';
import { AuthenticateHandler } from './authenticate/authenticate.handler';
import { PasswordLogin } from './authenticate/password-login';
import { IdentityBootstrap } from './bootstrap/identity-bootstrap.service';
import { CallerRights } from './caller/caller-rights';
import { IdentityCommands } from './commands/identity-commands';
import { CreateGroupController } from './create-group/create-group.controller';
import { CreateGroupHandler } from './create-group/create-group.handler';
import { CreateUserController } from './create-user/create-user.controller';
import { CreateUserHandler } from './create-user/create-user.handler';
import { GetGroupsController } from './get-groups/get-groups.controller';
import { GetGroupsHandler } from './get-groups/get-groups.handler';
import { GetUsersController } from './get-users/get-users.controller';
import { GetUsersHandler } from './get-users/get-users.handler';
import { IDENTITY_OPTIONS, type IdentityOptions } from './identity.options';
import { LoginController } from './login/login.controller';
import { LoginHandler } from './login/login.handler';
import { LookupsController } from './lookups/lookups.controller';
import { LookupsHandler } from './lookups/lookups.handler';
import { identityReadModel, readModelProviders } from './read-model/identity.read-model';
import { RebuildController } from './rebuild/rebuild.controller';
import { UpdateGroupController } from './update-group/update-group.controller';
import { UpdateGroupHandler } from './update-group/update-group.handler';
import { UpdateUserController } from './update-user/update-user.controller';
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
        AuthenticateController,
        LoginController,
        LookupsController,
        GetUsersController,
        CreateUserController,
        UpdateUserController,
        GetGroupsController,
        CreateGroupController,
        UpdateGroupController,
        ApiKeysController,
        RebuildController,
      ],
      providers: [
        { provide: IDENTITY_OPTIONS, useValue: options },
        ...readModelProviders,
        IdentityCommands,
        CallerRights,
        IdentityBootstrap,
        PasswordLogin,
        AuthenticateHandler,
        LoginHandler,
        LookupsHandler,
        GetUsersHandler,
        CreateUserHandler,
        UpdateUserHandler,
        GetGroupsHandler,
        CreateGroupHandler,
        UpdateGroupHandler,
        ApiKeysHandler,
      ],
    };
  }
}
