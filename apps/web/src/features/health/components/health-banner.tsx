import { HEALTH_TEXTS } from '@teamhire/shared';
import { ServerOff } from 'lucide-react';
import { useHealth } from '../api/get-health';

export type HealthState = 'checking' | 'online' | 'offline';

export function HealthBanner() {
  const health = useHealth();
  const state: HealthState = health.isPending
    ? 'checking'
    : health.isSuccess && health.data.status === 'ok'
      ? 'online'
      : 'offline';

  return (
    <div data-health-state={state}>
      {state === 'offline' ? (
        <div role="alert" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-amber-950">
          <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 text-sm font-medium">
            <ServerOff aria-hidden="true" className="size-4 shrink-0" />
            {HEALTH_TEXTS.offline}
          </p>
        </div>
      ) : null}
    </div>
  );
}
