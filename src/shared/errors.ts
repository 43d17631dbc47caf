import { z } from 'zod';

// Every non-2xx API answer has this shape.
export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
export type ApiErrorBody = z.infer<typeof errorSchema>;
