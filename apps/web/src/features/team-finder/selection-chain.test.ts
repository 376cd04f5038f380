import { describe, expect, it } from 'vitest';
import {
  chosenNames,
  EMPTY_SELECTION,
  firstChosen,
  isEmptySelection,
  toggleProjectType,
  toggleSubType,
  toggleTechnology,
} from './selection-chain';

describe('selection chain', () => {
  const chosen = toggleTechnology(
    toggleTechnology(toggleSubType(toggleProjectType(EMPTY_SELECTION, 2), 20), 30),
    31,
  );

  it('keeps the choices in the order they were made', () => {
    expect(chosen).toEqual({ projectTypeIds: [2], subTypeIds: [20], technologyIds: [30, 31] });
    const twoTypes = toggleProjectType(toggleProjectType(EMPTY_SELECTION, 7), 2);
    expect(firstChosen(twoTypes.projectTypeIds)).toBe(7);
    expect(firstChosen(toggleProjectType(twoTypes, 7).projectTypeIds)).toBe(2);
    expect(firstChosen([])).toBeNull();
  });

  it('clears sub-types and technologies when a project type is chosen or dropped', () => {
    expect(toggleProjectType(chosen, 3)).toEqual({
      projectTypeIds: [2, 3],
      subTypeIds: [],
      technologyIds: [],
    });
    expect(toggleProjectType(chosen, 2)).toEqual(EMPTY_SELECTION);
  });

  it('clears technologies, and only them, when a sub-type is chosen', () => {
    expect(toggleSubType(chosen, 21)).toEqual({
      projectTypeIds: [2],
      subTypeIds: [20, 21],
      technologyIds: [],
    });
  });

  it('toggles technologies without touching the rest', () => {
    expect(toggleTechnology(chosen, 30)).toEqual({
      projectTypeIds: [2],
      subTypeIds: [20],
      technologyIds: [31],
    });
  });

  it('names the choices and knows an empty selection', () => {
    expect(
      chosenNames(
        [31, 99, 30],
        [
          { id: 30, name: 'React' },
          { id: 31, name: 'Vue.js' },
        ],
      ),
    ).toEqual(['Vue.js', 'React']);
    expect(isEmptySelection(EMPTY_SELECTION)).toBe(true);
    expect(isEmptySelection(chosen)).toBe(false);
  });
});
