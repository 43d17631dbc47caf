import { imageWork } from '../../core/image-work.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { MAX_INPUT_PIXELS, type UploadStore, type UploadsService } from '../uploads/index.ts';
import { isUploadOf } from '../uploads/queries.ts';
import { setUserAvatar } from '../users/queries.ts';

export const AVATAR_SIZE = 256;

// One of the user's own uploads, cropped square from its centre and stored as a new upload of
// theirs through the same pipeline (re-encoded WebP, no metadata, the daily quota).
export async function setAvatar(
  { db, store, uploads: service }: { db: Db; store: UploadStore; uploads: UploadsService },
  user: UserRow,
  imagePath: string,
): Promise<UserRow> {
  const notYours = () =>
    badRequest('Choose an image you uploaded to Yardshare for your picture.', 'INVALID_IMAGE');
  const name = /^\/uploads\/([A-Za-z0-9_-]{1,100}\.webp)$/.exec(imagePath)?.[1];
  if (!name) throw notYours();
  if (!(await isUploadOf(db, imagePath, user.id))) throw notYours();
  // A store that cannot be reached is a server error; missing or broken bytes are the user's.
  const source = (await store.read(name))?.bytes;
  if (!source) throw badRequest('The image could not be read', 'BROKEN_IMAGE');
  let square: Buffer;
  try {
    square = await imageWork((sharp) =>
      sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        .webp({ quality: 85 })
        .toBuffer(),
    );
  } catch {
    throw badRequest('The image could not be read', 'BROKEN_IMAGE');
  }
  const [stored] = await service.store(user.id, [square]);
  return setUserAvatar(db, user.id, stored);
}
