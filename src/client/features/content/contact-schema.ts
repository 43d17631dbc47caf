import { z } from 'zod';

// Zod 4 probes `new Function('')` before its first object parse to pick a faster path; under our CSP
// (script-src 'self', no 'unsafe-eval') that probe is reported as a CSP violation. jitless skips it.
// (The app-wide place for this is src/client/main.tsx; it is here too so this page is clean alone.)
z.config({ jitless: true });

// The contact form (spec section 5): the four messages are the spec's, word for word.
export const contactSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.'),
  email: z.string().trim().email('Please enter a valid email address.'),
  subject: z.string().trim().min(5, 'Subject must be at least 5 characters.'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters.'),
});
export type ContactInput = z.infer<typeof contactSchema>;
