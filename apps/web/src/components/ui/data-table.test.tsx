import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

describe('DataTable', () => {
  it('is a named region keyboard users can reach, with a caption and column headers', () => {
    render(
      <DataTable
        label="Earnings per order table"
        caption="Earnings per order"
        columns={[{ label: 'Order' }, { label: 'Amount', align: 'right' }]}
      >
        <tr>
          <td>First</td>
          <td>$1.00</td>
        </tr>
      </DataTable>,
    );
    const region = screen.getByRole('region', { name: 'Earnings per order table' });
    // A region that scrolls sideways on a phone must take focus, or keyboard users cannot scroll it.
    expect(region.getAttribute('tabindex')).toBe('0');
    const table = within(region).getByRole('table', { name: 'Earnings per order' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Order', 'Amount']);
    expect(headers[1]?.className).toContain('text-right');
    expect(within(table).getByRole('cell', { name: 'First' }).textContent).toBe('First');
  });
});
