import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver, ResolverResult, ResolverSuccess } from 'react-hook-form';
import type { z } from 'zod';

function succeeded<Input extends FieldValues, Output>(
  result: ResolverResult<Input, Output>,
): result is ResolverSuccess<Output> {
  return Object.keys(result.errors).length === 0;
}

/**
 * A resolver for a form whose fields are not the request itself (a method switch decides which fields
 * travel, empty selects are unset numbers): the values become the request, and the contract's own
 * zod schema judges it. The request keeps the form's field paths, so its errors land on the fields.
 */
export function payloadResolver<Form extends FieldValues, Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  toPayload: (values: Form) => Input,
  /** Lets a form reword an error, e.g. an empty field that also fails a format rule. */
  adjustErrors: (values: Form, errors: FieldErrors<Form>) => void = () => undefined,
): Resolver<Form, unknown, Output> {
  const schemaResolver = zodResolver(schema);
  return async (values, context, options) => {
    const result = await schemaResolver(toPayload(values), context, {
      criteriaMode: options.criteriaMode,
      shouldUseNativeValidation: false,
      fields: {},
    });
    if (succeeded(result)) return result;
    const errors = result.errors as FieldErrors<Form>;
    adjustErrors(values, errors);
    return { values: {}, errors };
  };
}
