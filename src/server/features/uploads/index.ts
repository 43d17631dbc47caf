// The uploads feature's public face (ADR 035): photos and avatars, and where their bytes live
// (ADR 026).
export { createUploadStore, type UploadFile, type UploadStore, uploadName } from './upload-store.ts';
export { uploadsRoutes } from './uploads.routes.ts';
export { MAX_INPUT_PIXELS, purgeUnattachedUploads, UploadsService } from './uploads.service.ts';
export { makePendingVariants } from './variants.ts';
