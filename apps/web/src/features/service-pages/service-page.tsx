import {
  BUDGET_OPTIONS,
  TIMELINE_OPTIONS,
  type BudgetOption,
  type ServicePageDefinition,
  type TimelineOption,
} from '@teamhire/shared';
import { ArrowLeft, ArrowRight, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { buildTeamsUrl } from './build-teams-url';
import { RadioCardGroup } from './components/radio-card-group';
import { SelectionSummary } from './components/selection-summary';
import { ToggleButtonGroup } from './components/toggle-button-group';

export const FIND_TEAMS_LABEL = 'Find Available Teams';
export const OPTION_REQUIRED_HINT = 'Select at least one project option to find teams.';

function toggled(set: ReadonlySet<string>, item: string): Set<string> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

/** Keeps the page's own order, so the same choices always give the same /teams address. */
function inPageOrder(items: readonly string[], selected: ReadonlySet<string>): string[] {
  return items.filter((item) => selected.has(item));
}

export function ServicePage({ definition }: { definition: ServicePageDefinition }) {
  const navigate = useNavigate();
  const [options, setOptions] = useState<ReadonlySet<string>>(new Set());
  const [technologies, setTechnologies] = useState<ReadonlySet<string>>(new Set());
  const [budget, setBudget] = useState<BudgetOption | null>(null);
  const [timeline, setTimeline] = useState<TimelineOption | null>(null);

  const chosenOptions = inPageOrder(definition.options, options);
  const chosenTechnologies = inPageOrder(definition.technologies, technologies);
  const canSearch = chosenOptions.length > 0;
  const hasSelection = canSearch || chosenTechnologies.length > 0 || budget !== null || timeline !== null;

  const findTeams = () => {
    if (!canSearch) return;
    void navigate(
      buildTeamsUrl({
        service: definition.service,
        options: chosenOptions,
        technologies: chosenTechnologies,
        budget,
        timeline,
      }),
    );
  };

  const resetSelections = () => {
    setOptions(new Set());
    setTechnologies(new Set());
    setBudget(null);
    setTimeline(null);
  };

  const hintId = `${definition.service}-find-teams-hint`;

  return (
    <>
      <title>{`${definition.title} · TeamHire`}</title>
      <div className="border-b border-slate-200 bg-gradient-to-br from-indigo-50 via-white to-emerald-50">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <Button variant="ghost" size="sm" className="-ml-3" onClick={() => void navigate('/')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </Button>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {definition.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">{definition.intro}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="space-y-10 lg:col-span-2">
          <ToggleButtonGroup
            legend="Project Options"
            hint="Select everything your project includes."
            items={definition.options}
            selected={options}
            onToggle={(item) => setOptions((current) => toggled(current, item))}
          />
          <ToggleButtonGroup
            legend="Preferred Technologies"
            hint="Optional. Teams working with at least one of these are matched first."
            items={definition.technologies}
            selected={technologies}
            onToggle={(item) => setTechnologies((current) => toggled(current, item))}
          />
          <RadioCardGroup
            legend="Budget Range"
            name={`${definition.service}-budget`}
            options={BUDGET_OPTIONS}
            value={budget}
            onChange={setBudget}
          />
          <RadioCardGroup
            legend="Timeline"
            name={`${definition.service}-timeline`}
            options={TIMELINE_OPTIONS}
            value={timeline}
            onChange={setTimeline}
          />
        </div>

        <aside aria-labelledby="selection-summary-heading" className="lg:col-span-1">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-28">
            <h2 id="selection-summary-heading" className="text-lg font-semibold text-slate-900">
              Your Selection
            </h2>
            <div className="mt-4">
              <SelectionSummary
                serviceTitle={definition.title}
                options={chosenOptions}
                technologies={chosenTechnologies}
                budgetLabel={BUDGET_OPTIONS.find((option) => option.value === budget)?.label ?? null}
                timelineLabel={TIMELINE_OPTIONS.find((option) => option.value === timeline)?.label ?? null}
              />
            </div>
            <div className="mt-6 flex flex-col gap-3">
              <Button
                size="lg"
                disabled={!canSearch}
                aria-describedby={canSearch ? undefined : hintId}
                onClick={findTeams}
              >
                {FIND_TEAMS_LABEL}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Button>
              {canSearch ? null : (
                <p id={hintId} className="text-sm text-slate-600">
                  {OPTION_REQUIRED_HINT}
                </p>
              )}
              <Button variant="ghost" disabled={!hasSelection} onClick={resetSelections}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Reset Selections
              </Button>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
