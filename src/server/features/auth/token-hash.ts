import { createHash } from 'node:crypto';

// What an e-mailed link is for.
export type TokenPurpose = 'verify_email' | 'reset_password';

// The database keeps only the sha256 of a link's token, so a leak of it gives no usable link.
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
