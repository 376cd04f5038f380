import { z } from 'zod';

/** Decision A14: every error is `{detail}`; validation errors add `errors: [{path, message}]`. */
export const errorResponseSchema = z.object({
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
