import type { UserRole } from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { lockLiveUserByUsername, setUserRole } from '../users/queries.ts';
import { writeAudit } from './queries.ts';

export type RoleResult = { ok: boolean; message: string };

// Grants or revokes the admin role (ADR 029): the command line's only action, never an API.
// Takes effect on the user's next request (the session lookup reads the role every time).
export async function setRole(db: Db, username: string, role: UserRole): Promise<RoleResult> {
  return db.transaction(async (tx) => {
    const u = await lockLiveUserByUsername(tx, username);
    if (!u) return { ok: false, message: `No user named "${username}".` };
    if (u.role === role)
      return {
        ok: true,
        message: role === 'admin' ? `${u.username} is already an admin.` : `${u.username} is not an admin.`,
      };
    await setUserRole(tx, u.id, role);
    await writeAudit(
      tx,
      null,
      role === 'admin' ? 'grant_admin' : 'revoke_admin',
      'user',
      u.id,
      `Command line: npm run admin -- ${role === 'admin' ? 'grant' : 'revoke'} ${u.username}`,
    );
    return {
      ok: true,
      message: role === 'admin' ? `${u.username} is now an admin.` : `${u.username} is no longer an admin.`,
    };
  });
}
