import { CommonErrors, type ServiceRequest, VALID_LOGIN_SUBJECT, type ValidLoginParams } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';

/** Bugzilla's User.valid_login: whether the call's credentials are those of `login`, compared exactly, case included. */
@MessageHandler(VALID_LOGIN_SUBJECT)
export class ValidLoginHandler {
  handle(request: ServiceRequest<ValidLoginParams>): boolean {
    const { auth, params } = request;
    if (params.login === undefined) throw CommonErrors.paramRequired('login');
    return auth.userId !== null && auth.login === params.login;
  }
}
