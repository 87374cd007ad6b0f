/** The whole database schema; drizzle-kit reads this file to generate migrations. */
export * from './achievements';
export * from './dare-requests';
export * from './dares';
export * from './email';
export * from './enums';
export * from './invitations';
export * from './media';
export * from './messaging';
export * from './moderation';
export * from './notifications';
export * from './payments';
export * from './pledges';
export * from './push';
export * from './system';
export * from './users';
