import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

/** The forms live in a dialog (their Cancel closes it), so tests render them in one. */
export function renderInDialog(form: ReactNode) {
  return render(
    <Dialog open>
      <DialogContent title="Profile item">{form}</DialogContent>
    </Dialog>,
  );
}
