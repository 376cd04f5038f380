import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

/** What the order page hands each action dialog: the order, and whether the dialog is open. */
export interface OrderDialogProps {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The frame of one action on an order (deliver, ask for a revision, dispute): a dialog around its form. */
export function OrderActionDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: Omit<OrderDialogProps, 'orderId'> & { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
