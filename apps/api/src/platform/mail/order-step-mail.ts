import type { EventBus } from '../events';
import type { Mailer } from './mailer';
import { notificationEmail } from './templates';

/** Subscribes mail to committed order steps: each told user gets an email with a link to the order. */
export function subscribeMailToOrderSteps(events: EventBus, mailer: Mailer, publicUrl: string): void {
  events.on('order.step_committed', async (step) => {
    for (const recipient of step.recipients) {
      await mailer.send(
        notificationEmail(recipient.email, recipient.username, step.subject, step.paragraphs, {
          label: 'View the order',
          link: `${publicUrl}/orders/${step.orderId}`,
        }),
      );
    }
  });
}
