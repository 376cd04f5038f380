import type { ChatRole } from '@teamhire/shared';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OfferFormDialog } from './offer-form-dialog';

/** Only the room's team (its admin and members) sends offers. */
export function sendsOffers(role: ChatRole): boolean {
  return role === 'admin' || role === 'member';
}

/** The composer's Offer button, for the team of the room; nothing for the buyer or a guest. */
export function OfferButton({ roomId, role }: { roomId: number; role: ChatRole }) {
  const [open, setOpen] = useState(false);
  if (!sendsOffers(role)) return null;
  return (
    <>
      <Button variant="ghost" aria-label="Offer" title="Send a custom offer" onClick={() => setOpen(true)}>
        <FileSignature aria-hidden="true" className="size-5" />
        <span aria-hidden="true" className="hidden sm:inline">
          Offer
        </span>
      </Button>
      <OfferFormDialog roomId={roomId} open={open} onOpenChange={setOpen} />
    </>
  );
}
