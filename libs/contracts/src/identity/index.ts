export * from './authenticate.message';
export * from './lookup-groups.message';
export * from './lookup-users.message';
