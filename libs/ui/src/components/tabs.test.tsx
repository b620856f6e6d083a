import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

describe('Tabs', () => {
  it('shows the chosen panel; arrow keys move between tabs', async () => {
    render(
      <Tabs defaultValue="dealers">
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="dealers">Dealers</TabsTrigger>
          <TabsTrigger value="vehicles">Vehicles</TabsTrigger>
        </TabsList>
        <TabsContent value="dealers">Pending Approval</TabsContent>
        <TabsContent value="vehicles">No vehicles found</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Pending Approval');

    const dealersTab = screen.getByRole('tab', { name: 'Dealers' });
    dealersTab.focus();
    fireEvent.keyDown(dealersTab, { key: 'ArrowRight' });
    const vehiclesTab = screen.getByRole('tab', { name: 'Vehicles' });
    // Radix moves focus on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(vehiclesTab));
    fireEvent.mouseDown(vehiclesTab);
    expect(screen.getByRole('tabpanel').textContent).toBe('No vehicles found');
  });
});
