import type { EventBus } from '../events';
import type { RealtimeBus } from './realtime-bus';

/** Subscribes realtime to committed order steps: every party's open pages hear `order_updated` and reload. */
export function subscribeRealtimeToOrderSteps(events: EventBus, bus: RealtimeBus): void {
  events.on('order.step_committed', async (step) => {
    await Promise.all(
      step.watchers.map((userId) =>
        bus.publish(`user:${userId}`, {
          type: 'order_updated',
          order_id: step.orderId,
          status: step.status,
          event: step.type,
        }),
      ),
    );
  });
}
