/** The service's own ReadModel, provided by ReadModelModule.forService. */
export const READ_MODEL = Symbol('READ_MODEL');
