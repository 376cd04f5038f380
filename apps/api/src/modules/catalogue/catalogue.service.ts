import type { Database } from '../../db/database';
import { notFound } from '../../platform/errors';
import * as repository from './catalogue.repository';

async function found<T>(row: Promise<T | undefined>, detail: string): Promise<T> {
  const value = await row;
  if (value === undefined) throw notFound(detail);
  return value;
}

export const listServiceCategories = (db: Database, window: repository.ListWindow) =>
  repository.listCategories(db, window);
export const getServiceCategory = (db: Database, id: number) =>
  found(repository.findCategory(db, id), 'Service category not found');

export const listProjectTypes = (
  db: Database,
  window: repository.ListWindow & { serviceCategoryId?: number },
) => repository.listProjectTypes(db, window);
export const getProjectType = (db: Database, id: number) =>
  found(repository.findProjectType(db, id), 'Project type not found');

export const listProjectSubTypes = (
  db: Database,
  window: repository.ListWindow & { projectTypeId?: number },
) => repository.listProjectSubTypes(db, window);
export const getProjectSubType = (db: Database, id: number) =>
  found(repository.findProjectSubType(db, id), 'Project sub-type not found');

export const listTechnologies = (
  db: Database,
  window: repository.ListWindow & repository.TechnologyFilters,
) => repository.listTechnologies(db, window);
export const getTechnology = (db: Database, id: number) =>
  found(repository.findTechnology(db, id), 'Technology not found');
