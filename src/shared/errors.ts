import { z } from 'zod';

// Every non-2xx API answer has this shape.
export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
export type ApiErrorBody = z.infer<typeof errorSchema>;

// The error answers most routes declare.
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
} as const;

export { idParam } from './fields.ts';
