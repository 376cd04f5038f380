import { lazy, Suspense } from 'react';
import { requestContact, useContactRequest } from '../../lib/contact-request';

const ContactTeamDialog = lazy(() =>
  import('./contact-team-dialog').then((module) => ({ default: module.ContactTeamDialog })),
);

/**
 * Where the visitor's Contact Team chooser appears. Tiny on purpose: the dialog, its forms and zod
 * load only when a visitor presses Contact Team.
 */
export function ContactTeamDialogHost() {
  const team = useContactRequest();
  if (!team) return null;
  return (
    <Suspense fallback={null}>
      <ContactTeamDialog key={team.id} team={team} onClose={() => requestContact(null)} />
    </Suspense>
  );
}
