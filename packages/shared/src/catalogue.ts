import { z } from 'zod';
import { paginationQuerySchema, queryBoolean } from './pagination';

const includeInactive = { include_inactive: queryBoolean.default(false) };
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

export const technologySchema = z.object({ id: z.number().int(), name: z.string() });
export type Technology = z.infer<typeof technologySchema>;

export const technologyDetailSchema = technologySchema.extend({ is_active: z.boolean() });
export const technologyDetailsSchema = z.array(technologyDetailSchema);

export const serviceCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
});
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
/** The answer of the category list: the whole page as an array. */
export const serviceCategoriesSchema = z.array(serviceCategorySchema);

export const projectTypeSchema = z.object({
  id: z.number().int(),
  service_category_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  technologies: z.array(technologySchema),
});
export type ProjectType = z.infer<typeof projectTypeSchema>;
export const projectTypesSchema = z.array(projectTypeSchema);

export const projectSubTypeSchema = z.object({
  id: z.number().int(),
  project_type_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  technologies: z.array(technologySchema),
});
export type ProjectSubType = z.infer<typeof projectSubTypeSchema>;
export const projectSubTypesSchema = z.array(projectSubTypeSchema);

export const serviceCategoryListQuerySchema = paginationQuerySchema.extend(includeInactive);
export const projectTypeListQuerySchema = paginationQuerySchema.extend({
  ...includeInactive,
  service_category_id: optionalId,
});
export const projectSubTypeListQuerySchema = paginationQuerySchema.extend({
  ...includeInactive,
  project_type_id: optionalId,
});
export const technologyListQuerySchema = paginationQuerySchema.extend({
  ...includeInactive,
  project_sub_type_id: optionalId,
  project_type_id: optionalId,
  service_category_id: optionalId,
});
