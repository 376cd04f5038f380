import type { Notification, OrderEventType, OrderStatus } from '@teamhire/shared';

/** A bell entry written in a step's transaction, pushed to its owner once the step is committed. */
export interface PendingNotification {
  userId: number;
  notification: Notification;
}

/** Who hears of an order's step besides its actor: the buyer's side, the team's side, or both. */
export type Audience = 'buyer' | 'team';

/** A user an order step is told to by email and in their activity feed. */
export interface StepRecipient {
  userId: number;
  email: string;
  username: string;
}

/**
 * An order's step, committed: its timeline entry, activity and bell entries are written; what is
 * left is telling people. The orders module resolves who (it owns the order's parties) and emits it.
 */
export interface OrderStepCommitted {
  orderId: number;
  type: OrderEventType;
  status: OrderStatus;
  actorId: number | null;
  /** The other side's recipients of the email and the activity line (the buyer, the team's admin). */
  recipients: StepRecipient[];
  /** Everyone whose open pages reload the order: buyer, team admin and members. */
  watchers: number[];
  subject: string;
  paragraphs: string[];
  activityAction: string;
  /** The bell entries the step's transaction wrote. */
  notifications: readonly PendingNotification[];
}

/** Every domain event, by type: the in-process counterpart of the socket's ServerEvents. */
export interface DomainEvents {
  'order.step_committed': OrderStepCommitted;
}

export type DomainEventHandler<Type extends keyof DomainEvents> = (
  event: DomainEvents[Type],
) => Promise<void> | void;

/**
 * Announces what a module committed to whoever subscribed (decision 0075): the emitter names no
 * subscriber, and the subscribers (mail, activity, notifications, realtime) are wired in app.ts.
 * `emit` runs every handler in the order they subscribed and waits for them, so the effects of a step
 * are done when the request that made it answers, as before. A handler that fails is logged and does
 * not stop the others: the step is committed whatever happens after it.
 */
export interface EventBus {
  on<Type extends keyof DomainEvents>(type: Type, handler: DomainEventHandler<Type>): void;
  emit<Type extends keyof DomainEvents>(type: Type, event: DomainEvents[Type]): Promise<void>;
}

export function createEventBus(logger: { error(details: object, message: string): void }): EventBus {
  const handlers = new Map<keyof DomainEvents, DomainEventHandler<keyof DomainEvents>[]>();
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as DomainEventHandler<keyof DomainEvents>]);
    },
    async emit(type, event) {
      for (const handler of handlers.get(type) ?? []) {
        try {
          await handler(event);
        } catch (error) {
          logger.error({ err: error, event: type }, 'a subscriber of a domain event failed');
        }
      }
    },
  };
}
