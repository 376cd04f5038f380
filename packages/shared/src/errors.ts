import { z } from 'zod';

/**
 * Every error is `{detail}`, so one reader serves every call; validation errors add `errors: [{path,
 * message}]`.
 */
export const errorResponseSchema = z.object({
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
