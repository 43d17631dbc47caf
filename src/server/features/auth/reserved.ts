// What a deleted account is renamed to (ADR 022): nobody may register or take these names.
export const deletedUsername = (id: number) => `deleted-${id}`;
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';
export const deletedEmail = (id: number) => `deleted-${id}@${DELETED_EMAIL_DOMAIN}`;
export const DELETED_NAME = 'Deleted user';

export const isReservedUsername = (username: string) => /^deleted-\d+$/i.test(username.trim());
export const isReservedEmail = (email: string) =>
  email.trim().toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
