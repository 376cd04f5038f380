import { describe, expect, it } from 'vitest';
import { createEventBus, type OrderStepCommitted } from './events';

const step: OrderStepCommitted = {
  orderId: 7,
  type: 'delivered',
  status: 'delivered',
  actorId: 1,
  recipients: [{ userId: 2, email: 'buyer@example.com', username: 'buyer' }],
  watchers: [1, 2],
  subject: 'Delivered',
  paragraphs: [],
  activityAction: 'order.delivered',
  notifications: [],
};

describe('the domain event bus', () => {
  it('runs every subscriber in the order they subscribed, and emit waits for them', async () => {
    const bus = createEventBus({ error: () => undefined });
    const seen: string[] = [];
    bus.on('order.step_committed', async (event) => {
      await new Promise((done) => setTimeout(done, 10));
      seen.push(`first ${event.orderId}`);
    });
    bus.on('order.step_committed', (event) => {
      seen.push(`second ${event.orderId}`);
    });
    await bus.emit('order.step_committed', step);
    expect(seen).toEqual(['first 7', 'second 7']);
  });

  it('logs a subscriber that fails and still runs the others', async () => {
    const errors: object[] = [];
    const bus = createEventBus({ error: (details) => errors.push(details) });
    const seen: number[] = [];
    bus.on('order.step_committed', () => {
      throw new Error('mail server down');
    });
    bus.on('order.step_committed', (event) => {
      seen.push(event.orderId);
    });
    await expect(bus.emit('order.step_committed', step)).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(errors).toEqual([expect.objectContaining({ event: 'order.step_committed' })]);
  });

  it('does nothing for an event nobody subscribed to', async () => {
    await expect(
      createEventBus({ error: () => undefined }).emit('order.step_committed', step),
    ).resolves.toBeUndefined();
  });
});
