import { safeParse, type $ZodType } from 'zod/v4/core';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * Every answer goes through its route's response schema (unknown fields left out, a wrong value
 * refused as a 500), by zod's parse rather than the type provider's encode. The contract's response
 * schemas have no codecs or transforms (encode refuses a transform), so the output is the same, and
 * zod's compiled parse takes about two thirds of the time (with JSON.stringify: 185 µs against
 * 125 µs for a page of 50 packages). Decision 0044.
 */
export const parseThenStringify =
  ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
  (data: unknown) => {
    const result = safeParse(schema as $ZodType, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
