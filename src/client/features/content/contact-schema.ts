import { z } from 'zod';

// The contact form: the four messages are the spec's, word for word.
export const contactSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.'),
  email: z.string().trim().email('Please enter a valid email address.'),
  subject: z.string().trim().min(5, 'Subject must be at least 5 characters.'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters.'),
});
export type ContactInput = z.infer<typeof contactSchema>;
