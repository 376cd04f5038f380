/**
 * The choices on a service category page, in the order they were made: the first chosen
 * project type decides the sub-types on offer, the first chosen sub-type the technologies.
 */
export interface ChainSelection {
  projectTypeIds: readonly number[];
  subTypeIds: readonly number[];
  technologyIds: readonly number[];
}

export const EMPTY_SELECTION: ChainSelection = { projectTypeIds: [], subTypeIds: [], technologyIds: [] };

function toggled(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((existing) => existing !== id) : [...ids, id];
}

/** Choosing a project type clears the sub-types and technologies: they belonged to the old choice. */
export function toggleProjectType(selection: ChainSelection, id: number): ChainSelection {
  return { projectTypeIds: toggled(selection.projectTypeIds, id), subTypeIds: [], technologyIds: [] };
}

/** Choosing a sub-type clears the technologies. */
export function toggleSubType(selection: ChainSelection, id: number): ChainSelection {
  return { ...selection, subTypeIds: toggled(selection.subTypeIds, id), technologyIds: [] };
}

export function toggleTechnology(selection: ChainSelection, id: number): ChainSelection {
  return { ...selection, technologyIds: toggled(selection.technologyIds, id) };
}

export function firstChosen(ids: readonly number[]): number | null {
  return ids[0] ?? null;
}

export function isEmptySelection(selection: ChainSelection): boolean {
  return (
    selection.projectTypeIds.length === 0 &&
    selection.subTypeIds.length === 0 &&
    selection.technologyIds.length === 0
  );
}

/** The names of the chosen items, in the order they were chosen. */
export function chosenNames(
  ids: readonly number[],
  items: readonly { id: number; name: string }[],
): string[] {
  const names = new Map(items.map((item) => [item.id, item.name]));
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [name];
  });
}
