import type { Technology } from '@teamhire/shared';
import { Check } from 'lucide-react';
import { useProjectSubTypes } from '../../../lib/queries/get-project-sub-types';
import { useProjectTypes } from '../../../lib/queries/get-project-types';
import { useServiceCategories } from '../../../lib/queries/get-service-categories';
import {
  availableTechnologies,
  cascadeChange,
  toggleTechnology,
  type CascadeField,
  type CatalogueSelection,
} from '../team-form';
import { SelectField } from '../../../components/ui/select-field';

export type CatalogueErrors = Partial<Record<keyof CatalogueSelection, string>>;

function idOf(value: string): number | null {
  return value === '' ? null : Number(value);
}

function loadingLabel(isLoading: boolean, isError: boolean, placeholder: string): string {
  if (isError) return 'Could not load the choices';
  return isLoading ? 'Loading...' : placeholder;
}

/**
 * Service category, project type, project sub-type and technologies, each choice narrowing the next
 * (a choice only makes sense under its parent). Controlled: the form owns the values and receives
 * every change with its clearing.
 */
export function CatalogueFields({
  selection,
  onChange,
  errors = {},
  knownTechnologies = [],
}: {
  selection: CatalogueSelection;
  onChange: (changes: CatalogueSelection) => void;
  errors?: CatalogueErrors;
  /** Technologies already on the team, kept visible even if the catalogue no longer lists them there. */
  knownTechnologies?: readonly Technology[];
}) {
  const categories = useServiceCategories();
  const projectTypes = useProjectTypes(selection.service_category_id);
  const projectSubTypes = useProjectSubTypes(selection.project_type_id);

  const selectedTechnologies = selection.technology_ids ?? [];
  const offered = availableTechnologies(selection, projectTypes.data, projectSubTypes.data);
  const kept = knownTechnologies.filter(
    (technology) =>
      selectedTechnologies.includes(technology.id) && !offered.some((offer) => offer.id === technology.id),
  );
  const technologies = [...offered, ...kept];

  const change = (field: CascadeField, value: string) => onChange(cascadeChange(field, idOf(value)));

  return (
    <div className="flex flex-col gap-5">
      <SelectField
        label="Service Category"
        required
        value={selection.service_category_id ?? ''}
        onChange={(event) => change('service_category_id', event.target.value)}
        error={errors.service_category_id}
      >
        {/* A team always has a category: once chosen it can be changed, not emptied. */}
        <option value="" disabled>
          {loadingLabel(categories.isPending, categories.isError, 'Select a service category')}
        </option>
        {categories.data?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Project Type"
        optional
        value={selection.project_type_id ?? ''}
        disabled={selection.service_category_id == null}
        onChange={(event) => change('project_type_id', event.target.value)}
        error={errors.project_type_id}
        hint={selection.service_category_id == null ? 'Choose a service category first.' : undefined}
      >
        <option value="">
          {loadingLabel(
            selection.service_category_id != null && projectTypes.isPending,
            projectTypes.isError,
            'Select a project type',
          )}
        </option>
        {projectTypes.data?.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Project Sub-type"
        optional
        value={selection.projects_sub_types_id ?? ''}
        disabled={selection.project_type_id == null}
        onChange={(event) => change('projects_sub_types_id', event.target.value)}
        error={errors.projects_sub_types_id}
        hint={selection.project_type_id == null ? 'Choose a project type first.' : undefined}
      >
        <option value="">
          {loadingLabel(
            selection.project_type_id != null && projectSubTypes.isPending,
            projectSubTypes.isError,
            'Select a project sub-type',
          )}
        </option>
        {projectSubTypes.data?.map((subType) => (
          <option key={subType.id} value={subType.id}>
            {subType.name}
          </option>
        ))}
      </SelectField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          Technologies <span className="font-normal text-slate-500">(optional)</span>
        </legend>
        {technologies.length === 0 ? (
          <p className="text-xs text-slate-600">
            {selection.project_type_id == null
              ? 'Choose a project type to see its technologies.'
              : 'No technologies are listed for this choice.'}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {technologies.map((technology) => {
              const pressed = selectedTechnologies.includes(technology.id);
              return (
                <li key={technology.id}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() =>
                      onChange({ technology_ids: toggleTechnology(selectedTechnologies, technology.id) })
                    }
                    className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium transition-colors motion-reduce:transition-none ${
                      pressed
                        ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700'
                        : 'border-slate-300 bg-white text-slate-800 hover:border-indigo-400 hover:bg-indigo-50'
                    }`}
                  >
                    {pressed ? <Check aria-hidden="true" className="size-3.5" /> : null}
                    {technology.name}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {errors.technology_ids ? (
          <p className="text-sm font-medium text-red-700">{errors.technology_ids}</p>
        ) : null}
      </fieldset>
    </div>
  );
}
