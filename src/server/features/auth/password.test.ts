import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses scrypt with N = 2^17, r = 8, p = 1 by default and a per-user salt', async () => {
    expect(loadConfig({}).passwordHashLog2N).toBe(17);
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });

  it('rejects stored values of another shape', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
