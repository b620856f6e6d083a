import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it('opens as a labelled modal, closes with Escape and gives focus back to its trigger', async () => {
    render(
      <Dialog>
        <DialogTrigger>Reject dealer</DialogTrigger>
        <DialogContent>
          <DialogTitle>Reject Acme Motors?</DialogTitle>
          <DialogDescription>The dealer record is deleted.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Reject dealer' });
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Reject Acme Motors?' });
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix returns focus on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
